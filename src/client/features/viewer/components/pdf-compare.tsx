import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Slider,
  Text,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconMessagePlus,
  IconPlayerTrackNext,
  IconPlayerTrackPrev,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfComparisonView } from '../../../../shared/schemas/compare';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import { useFormatters } from '../../../lib/format';
import { apiErrorText } from '../../../lib/notify';
import { useComparison } from '../api/compare';
import { pdfUrl } from '../api/keys';
import { composeOverlay, renderPage } from './compare-canvas';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

type Props = {
  rootId: number;
  unitId: number;
  fileId: number;
  /** The version under review (the newer one). */
  version: number;
  /** Earlier versions to compare with, newest first. */
  earlier: number[];
  against: number;
  onAgainstChange: (version: number) => void;
  /** A topic may be raised (topics writable). */
  canDraw: boolean;
  /** "Topic from this change": the box becomes the topic's markup area on the newer version. */
  onRegionTopic: (markup: PdfMarkup) => void;
};

type Mode = 'overlay' | 'side';
type Step = { page: number; index: number; region: PdfComparisonView['pages'][number]['regions'][number] };

const MIN_SCALE = 0.1;
/** Margin around a change's box, as a fraction of the page. */
const BOX_MARGIN = 0.008;
const MAX_SCALE = 4;

function useDocument(url: string) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setDoc(null);
    setError(false);
    const task = pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false });
    task.promise.then((d) => !cancelled && setDoc(d)).catch(() => !cancelled && setError(true));
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);
  return { doc, error };
}

/**
 * Compare mode of a PDF drawing: the version under review against an earlier one, overlaid in two
 * colours (removed red, added blue, unchanged grey) or side by side with zoom and pan locked; the
 * changed regions the server found are boxes to step through (buttons or the N and P keys) and to
 * turn into a topic.
 */
export function PdfCompare(props: Props) {
  const { rootId, unitId, fileId, version, against } = props;
  const { t } = useTranslation();
  const format = useFormatters();
  const comparison = useComparison(rootId, unitId, fileId, version, against);
  const older = useDocument(pdfUrl(rootId, unitId, fileId, against));
  const newer = useDocument(pdfUrl(rootId, unitId, fileId, version));
  const [mode, setMode] = useState<Mode>('overlay');
  const [opacity, setOpacity] = useState(80);
  const [scale, setScale] = useState(0);
  const [page, setPage] = useState(1);
  const [step, setStep] = useState(0);
  const result = comparison.data?.kind === 'pdf' ? comparison.data : null;
  const steps: Step[] = useMemo(
    () => (result?.pages ?? []).flatMap((p) => p.regions.map((region, index) => ({ page: p.page, index, region }))),
    [result],
  );
  const pageCount = Math.max(older.doc?.numPages ?? 0, newer.doc?.numPages ?? 0);
  const pageInfo = result?.pages.find((p) => p.page === page) ?? null;
  const current = steps[step] ?? null;

  const area = useRef<HTMLDivElement>(null);
  // The first scale fits the sheet's width into the view.
  useEffect(() => {
    if (scale !== 0 || !newer.doc || !area.current) return;
    void newer.doc.getPage(1).then((p) => {
      const width = p.getViewport({ scale: 1 }).width;
      const view = (area.current?.clientWidth ?? 800) - 32;
      setScale(Math.max(MIN_SCALE, Math.min(MAX_SCALE, view / (mode === 'side' ? 2 * width : width))));
    });
  }, [newer.doc, scale, mode]);

  const goToStep = useCallback(
    (n: number) => {
      if (steps.length === 0) return;
      const next = (n + steps.length) % steps.length;
      setStep(next);
      setPage(steps[next]!.page);
    },
    [steps],
  );

  // N / P (and J / K) step through the changes while the compare view has the focus.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'n' || e.key === 'j') goToStep(step + 1);
    else if (e.key === 'p' || e.key === 'k') goToStep(step - 1);
    else return;
    e.preventDefault();
  };

  const asMarkup = (s: Step): PdfMarkup => {
    // A little margin around the change, so the topic's area frames it.
    const pad = 0.01;
    return {
      kind: 'area',
      page: s.page,
      x1: Math.max(0, s.region.x1 - pad),
      y1: Math.max(0, s.region.y1 - pad),
      x2: Math.min(1, s.region.x2 + pad),
      y2: Math.min(1, s.region.y2 + pad),
    };
  };

  const zoom = (f: number) => setScale((s) => Math.max(MIN_SCALE, Math.min(MAX_SCALE, s * f)));
  const failed = comparison.isError || older.error || newer.error;

  return (
    <Box
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      onKeyDown={onKeyDown}
      data-testid="pdf-compare"
    >
      <Group gap="xs" p={6} wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="sm" fw={500} component="span" aria-hidden>
          {t('VIEWER.Compare.With')}
        </Text>
        <Select
          size="xs"
          w={130}
          aria-label={t('VIEWER.Compare.With')}
          allowDeselect={false}
          value={String(against)}
          data={props.earlier.map((v) => ({ value: String(v), label: t('VIEWER.Version', { version: v }) }))}
          onChange={(v) => {
            if (!v) return;
            props.onAgainstChange(Number(v));
            setStep(0);
          }}
        />
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(v) => {
            setMode(v as Mode);
            setScale(0);
          }}
          data={[
            { value: 'overlay', label: t('VIEWER.Compare.Overlay') },
            { value: 'side', label: t('VIEWER.Compare.SideBySide') },
          ]}
        />
        {mode === 'overlay' && (
          <Group gap={6} w={170} wrap="nowrap">
            <Text size="xs" id="compare-opacity">
              {t('VIEWER.Compare.Opacity')}
            </Text>
            <Slider
              size="sm"
              style={{ flex: 1 }}
              min={0}
              max={100}
              step={5}
              value={opacity}
              onChange={setOpacity}
              label={(v) => `${v} %`}
              thumbProps={{ 'aria-labelledby': 'compare-opacity' }}
            />
          </Group>
        )}
        <ActionIcon variant="default" aria-label={t('VIEWER.Pdf.ZoomOut')} onClick={() => zoom(1 / 1.25)}>
          <IconZoomOut size={16} />
        </ActionIcon>
        <Text size="sm" w={48} ta="center">
          {Math.round(scale * 100)} %
        </Text>
        <ActionIcon variant="default" aria-label={t('VIEWER.Pdf.ZoomIn')} onClick={() => zoom(1.25)}>
          <IconZoomIn size={16} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('VIEWER.Pdf.PreviousPage')}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text size="sm" data-testid="compare-page">
          {t('VIEWER.Pdf.Page', { page, pages: pageCount || 1 })}
        </Text>
        <ActionIcon
          variant="default"
          aria-label={t('VIEWER.Pdf.NextPage')}
          disabled={page >= pageCount}
          onClick={() => setPage(page + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>

      <Group gap="xs" px={6} py={4} wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {comparison.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('VIEWER.Compare.Computing')}</Text>
          </Group>
        ) : result ? (
          <>
            <Text size="sm" fw={600} data-testid="compare-summary" aria-live="polite">
              {steps.length === 0
                ? t('VIEWER.Compare.NoChanges')
                : t('VIEWER.Compare.ChangeOf', { n: step + 1, count: steps.length })}
            </Text>
            <ActionIcon
              variant="default"
              aria-label={t('VIEWER.Compare.PreviousChange')}
              aria-keyshortcuts="P"
              disabled={steps.length === 0}
              onClick={() => goToStep(step - 1)}
            >
              <IconPlayerTrackPrev size={16} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={t('VIEWER.Compare.NextChange')}
              aria-keyshortcuts="N"
              disabled={steps.length === 0}
              onClick={() => goToStep(step + 1)}
            >
              <IconPlayerTrackNext size={16} />
            </ActionIcon>
            {props.canDraw && current && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconMessagePlus size={16} />}
                onClick={() => props.onRegionTopic(asMarkup(current))}
              >
                {t('VIEWER.Compare.TopicFromChange')}
              </Button>
            )}
            {pageInfo && (pageInfo.offset.dx !== 0 || pageInfo.offset.dy !== 0) && (
              <Badge variant="light" color="gray" data-testid="compare-offset">
                {t('VIEWER.Compare.Shifted', {
                  // PDF points to millimetres on the sheet.
                  dx: format.number(Math.round((pageInfo.offset.dx / 72) * 25.4)),
                  dy: format.number(Math.round((pageInfo.offset.dy / 72) * 25.4)),
                })}
              </Badge>
            )}
            <Text size="xs" c="dimmed" ml="auto">
              {t('VIEWER.Compare.KeysHint')}
            </Text>
          </>
        ) : null}
      </Group>

      <Box ref={area} style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {failed ? (
          <Center h="100%" p="md">
            <Alert color="red">
              {comparison.isError ? apiErrorText(comparison.error) : t('VIEWER.Pdf.Unreadable')}
            </Alert>
          </Center>
        ) : !older.doc || !newer.doc || scale === 0 || !result ? (
          <Center h="100%">
            <Loader size="sm" />
          </Center>
        ) : (
          <ComparePane
            mode={mode}
            older={older.doc}
            newer={newer.doc}
            page={page}
            scale={scale}
            opacity={opacity / 100}
            offset={pageInfo?.offset ?? { dx: 0, dy: 0 }}
            regions={pageInfo?.regions ?? []}
            active={current?.page === page ? current.index : null}
            onPick={(index) => {
              const n = steps.findIndex((s) => s.page === page && s.index === index);
              if (n >= 0) setStep(n);
            }}
            labels={{
              older: t('VIEWER.Version', { version: against }),
              newer: t('VIEWER.Version', { version }),
              missingOlder: t('VIEWER.Compare.PageMissing', { version: against }),
              missingNewer: t('VIEWER.Compare.PageMissing', { version }),
              sheet: t('VIEWER.Compare.Sheet'),
              region: (n: number) => t('VIEWER.Compare.Change', { n }),
            }}
          />
        )}
      </Box>
    </Box>
  );
}

type PaneProps = {
  mode: Mode;
  older: PDFDocumentProxy;
  newer: PDFDocumentProxy;
  page: number;
  scale: number;
  opacity: number;
  offset: { dx: number; dy: number };
  regions: PdfComparisonView['pages'][number]['regions'];
  active: number | null;
  onPick: (index: number) => void;
  labels: {
    older: string;
    newer: string;
    missingOlder: string;
    missingNewer: string;
    sheet: string;
    region: (n: number) => string;
  };
};

/** The sheet(s) of one page: the overlay, or both versions side by side scrolling and zooming together. */
function ComparePane(props: PaneProps) {
  const { mode, older, newer, page, scale, opacity, offset } = props;
  const [pages, setPages] = useState<{ older: HTMLCanvasElement | null; newer: HTMLCanvasElement | null } | null>(null);
  useEffect(() => {
    let cancelled = false;
    setPages(null);
    void Promise.all([renderPage(older, page, scale), renderPage(newer, page, scale)]).then(([a, b]) => {
      if (!cancelled) setPages({ older: a, newer: b });
    });
    return () => {
      cancelled = true;
    };
  }, [older, newer, page, scale]);

  const overlay = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (mode !== 'overlay' || !pages || !overlay.current) return;
    composeOverlay(
      overlay.current,
      pages.older,
      pages.newer,
      { dx: offset.dx * scale, dy: offset.dy * scale },
      opacity,
    );
    overlay.current.dataset.rendered = 'true';
  }, [mode, pages, offset.dx, offset.dy, scale, opacity]);

  // The active change scrolls into view.
  const olderScroller = useRef<HTMLDivElement>(null);
  const newerScroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.active === null || !pages) return;
    // Scrolled within the sheet's own area (scrollIntoView would move the whole page too).
    const scroller = newerScroller.current;
    const box = scroller?.querySelector(`[data-region="${props.active}"]`);
    if (!scroller || !box) return;
    const view = scroller.getBoundingClientRect();
    const r = box.getBoundingClientRect();
    scroller.scrollLeft += r.left + r.width / 2 - (view.left + view.width / 2);
    scroller.scrollTop += r.top + r.height / 2 - (view.top + view.height / 2);
  }, [props.active, pages, mode]);

  // Side by side: scrolling one sheet scrolls the other (zoom is shared already). The scroll event
  // the other sheet then fires is recognised by its position and not passed back.
  const echo = useRef<({ left: number; top: number } | null)[]>([null, null]);
  const sync = (from: 0 | 1) => {
    const to = from === 0 ? 1 : 0;
    const a = (from === 0 ? olderScroller : newerScroller).current;
    const b = (from === 0 ? newerScroller : olderScroller).current;
    if (!a || !b) return;
    const expected = echo.current[from];
    echo.current[from] = null;
    if (expected && expected.left === a.scrollLeft && expected.top === a.scrollTop) return;
    if (b.scrollLeft === a.scrollLeft && b.scrollTop === a.scrollTop) return;
    b.scrollLeft = a.scrollLeft;
    b.scrollTop = a.scrollTop;
    echo.current[to] = { left: b.scrollLeft, top: b.scrollTop };
  };

  if (!pages) {
    return (
      <Center h="100%">
        <Loader size="sm" />
      </Center>
    );
  }
  const base = pages.newer ?? pages.older;
  const size = { width: base?.width ?? 0, height: base?.height ?? 0 };
  const boxes = (
    <svg
      viewBox="0 0 1000 1000"
      preserveAspectRatio="none"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
    >
      {props.regions.map((r, i) => (
        <rect
          key={i}
          data-region={i}
          data-active={props.active === i ? 'true' : undefined}
          role="button"
          aria-label={props.labels.region(i + 1)}
          // Drawn with a margin, so the frame does not cover the change it marks.
          x={(r.x1 - BOX_MARGIN) * 1000}
          y={(r.y1 - BOX_MARGIN) * 1000}
          width={(r.x2 - r.x1 + 2 * BOX_MARGIN) * 1000}
          height={(r.y2 - r.y1 + 2 * BOX_MARGIN) * 1000}
          fill={props.active === i ? 'rgba(245, 159, 0, 0.08)' : 'transparent'}
          stroke={props.active === i ? '#f59f00' : '#e8590c'}
          strokeWidth={props.active === i ? 2.5 : 1.5}
          strokeDasharray={props.active === i ? undefined : '6 4'}
          vectorEffect="non-scaling-stroke"
          style={{ cursor: 'pointer' }}
          onClick={() => props.onPick(i)}
        />
      ))}
    </svg>
  );
  const sheet = (canvas: HTMLCanvasElement | null, label: string, missing: string, withBoxes: boolean) => (
    <Box pos="relative" w={size.width} h={size.height} bg="white" style={{ flexShrink: 0, margin: '0 auto' }}>
      {canvas ? (
        <CanvasCopy source={canvas} />
      ) : (
        <Center h="100%" bg="gray.0">
          <Badge color="orange" variant="light" data-testid="page-missing">
            {missing}
          </Badge>
        </Center>
      )}
      {withBoxes && boxes}
      <Badge pos="absolute" top={6} left={6} variant="default" size="sm">
        {label}
      </Badge>
    </Box>
  );

  if (mode === 'overlay') {
    return (
      <Box
        ref={newerScroller}
        bg="gray.2"
        p="md"
        tabIndex={0}
        role="region"
        aria-label={props.labels.sheet}
        data-testid="compare-scroller"
        style={{ flex: 1, overflow: 'auto', minHeight: 0 }}
      >
        <Box pos="relative" w={size.width} h={size.height} style={{ margin: '0 auto' }}>
          <canvas ref={overlay} data-testid="compare-overlay" style={{ display: 'block' }} />
          {!pages.older && (
            <Badge pos="absolute" top={6} left={6} color="orange" data-testid="page-missing">
              {props.labels.missingOlder}
            </Badge>
          )}
          {!pages.newer && (
            <Badge pos="absolute" top={6} left={6} color="orange" data-testid="page-missing">
              {props.labels.missingNewer}
            </Badge>
          )}
          {boxes}
        </Box>
      </Box>
    );
  }
  return (
    <Group align="stretch" gap={4} wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
      {([0, 1] as const).map((side) => (
        <Box
          key={side}
          ref={side === 0 ? olderScroller : newerScroller}
          bg="gray.2"
          p="md"
          tabIndex={0}
          role="region"
          aria-label={side === 0 ? props.labels.older : props.labels.newer}
          data-testid={side === 0 ? 'compare-older' : 'compare-newer'}
          style={{ flex: 1, overflow: 'auto', minWidth: 0 }}
          onScroll={() => sync(side)}
        >
          {side === 0
            ? sheet(pages.older, props.labels.older, props.labels.missingOlder, false)
            : sheet(pages.newer, props.labels.newer, props.labels.missingNewer, true)}
        </Box>
      ))}
    </Group>
  );
}

/** Shows an offscreen canvas (drawn once) in the page. */
function CanvasCopy({ source }: { source: HTMLCanvasElement }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    c.width = source.width;
    c.height = source.height;
    c.getContext('2d')!.drawImage(source, 0, 0);
    c.dataset.rendered = 'true';
  }, [source]);
  return <canvas ref={ref} style={{ display: 'block' }} />;
}
