import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Text,
} from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import {
  IconArrowUpRight,
  IconChevronLeft,
  IconChevronRight,
  IconCloud,
  IconHandMove,
  IconLine,
  IconMessagePlus,
  IconPolygon,
  IconRuler,
  IconRulerMeasure,
  IconSquare,
  IconTypography,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import { useFormatters } from '../../../lib/format';
import { useCalibrations, type Sheet } from '../api/calibration';
import { CalibrationDialog } from './calibration-dialog';
import { formatLength, measuredMillimetres, scaleFromText } from './markup-geometry';
import { PdfPage, Thumbnail, type PdfTool, type Segment, type ShownMarkup } from './pdf-page';

export type { PdfTool, ShownMarkup } from './pdf-page';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

type Props = {
  url: string;
  markups: ShownMarkup[];
  /** Drawing allowed (topics writable). */
  canDraw: boolean;
  onDraw: (markup: PdfMarkup) => void;
  /** A page to scroll to (e.g. a topic's page). */
  focusPage?: number | null;
  /** The file version shown, whose pages' scales are kept on the server (calibration, measuring). */
  sheet: Sheet | null;
};

/** The sheet's tools with their icons and keyboard shortcuts (one key each, not while typing). */
const TOOLS: { tool: PdfTool; key: string; label: string; Icon: typeof IconSquare }[] = [
  { tool: 'pan', key: 'v', label: 'VIEWER.Pdf.Pan', Icon: IconHandMove },
  { tool: 'area', key: 'r', label: 'VIEWER.Pdf.Area', Icon: IconSquare },
  { tool: 'cloud', key: 'c', label: 'VIEWER.Markup.Cloud', Icon: IconCloud },
  { tool: 'arrow', key: 'a', label: 'VIEWER.Pdf.Arrow', Icon: IconArrowUpRight },
  { tool: 'line', key: 'l', label: 'VIEWER.Markup.Line', Icon: IconLine },
  { tool: 'polyline', key: 'p', label: 'VIEWER.Markup.Polyline', Icon: IconPolygon },
  { tool: 'text', key: 't', label: 'VIEWER.Markup.Text', Icon: IconTypography },
  { tool: 'measure', key: 'm', label: 'VIEWER.Markup.Measure', Icon: IconRuler },
  { tool: 'calibrate', key: 'k', label: 'VIEWER.Markup.Calibrate', Icon: IconRulerMeasure },
];

/** A key pressed while typing, in a dialog or with a modifier is not a tool shortcut. */
function isShortcut(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return false;
  const target = e.target instanceof Element ? e.target : null;
  if (!target) return true;
  const typing =
    'input:not([type="radio"]):not([type="checkbox"]), textarea, select, [contenteditable="true"], [role="dialog"], [role="combobox"]';
  if (target.closest(typing)) {
    return false;
  }
  return true;
}

const MAX_SCALE = 4;
const MIN_SCALE = 0.1;

/**
 * PDF drawings with pdf.js (worker in its own chunk): thumbnails, fit width / 100 % / wheel and
 * pinch zoom (trackpad and touch), pan, page navigation; only pages near the view are rendered, so A0 sheets and
 * 50-page sets stay responsive. Markups (area, revision cloud, arrow, line, polyline, text, measure)
 * are drawn on a page; a page is calibrated once (two points and their real length) for measuring.
 */
export function PdfViewer({ url, markups, canDraw, onDraw, focusPage, sheet }: Props) {
  const { t } = useTranslation();
  const { locale } = useFormatters();
  const calibrations = useCalibrations(sheet);
  const calibrationOf = (pageNo: number) => calibrations.data?.data.find((c) => c.page === pageNo) ?? null;
  // The last measurement (shown until the next one), a calibration being entered, a page that needs one first.
  const [measure, setMeasure] = useState<PdfMarkup | null>(null);
  const [calibrating, setCalibrating] = useState<{ page: number; segment: Segment; scale: number | null } | null>(null);
  const [needsCalibration, setNeedsCalibration] = useState<number | null>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<{ w: number; h: number }[]>([]);
  const [error, setError] = useState(false);
  const [scale, setScale] = useState(0);
  const [page, setPage] = useState(1);
  const [tool, setTool] = useState<PdfTool>('pan');
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    setDoc(null);
    setError(false);
    setScale(0);
    setPage(1);
    setMeasure(null);
    setNeedsCalibration(null);
    const task = pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false });
    task.promise
      .then(async (d) => {
        // A document without pages has nothing to review: shown as unreadable, not as loading.
        if (d.numPages === 0) throw new Error('no pages');
        // Page sizes first (cheap), so the scroll area has its final height before anything renders.
        const list: { w: number; h: number }[] = [];
        for (let i = 1; i <= d.numPages; i++) {
          const vp = (await d.getPage(i)).getViewport({ scale: 1 });
          list.push({ w: vp.width, h: vp.height });
        }
        if (cancelled) return;
        setSizes(list);
        setDoc(d);
      })
      .catch(() => !cancelled && setError(true));
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  const fitWidth = useCallback(() => {
    const first = sizes[0];
    const width = scroller.current?.clientWidth ?? 800;
    // While loading, the ref is the whole centre; the thumbnail strip (150 px) takes its share.
    const pageArea = scroller.current?.dataset.testid === 'pdf-scroller' ? width - 40 : width - 190;
    if (first) setScale(Math.max(MIN_SCALE, Math.min(MAX_SCALE, pageArea / first.w)));
  }, [sizes]);
  useEffect(() => {
    if (doc && scale === 0) fitWidth();
  }, [doc, scale, fitWidth]);

  const goTo = useCallback((n: number) => {
    scroller.current?.querySelector(`[data-page="${n}"]`)?.scrollIntoView({ block: 'start' });
  }, []);
  useEffect(() => {
    if (focusPage && doc) goTo(focusPage);
  }, [focusPage, doc, goTo]);

  // The sheet's scroll area exists once the document is open and its first scale is known; the
  // zoom listeners attach to it then (before, the ref is the loading placeholder).
  const shown = doc !== null && scale !== 0;
  // Ctrl + wheel (and the trackpad pinch, which browsers send as ctrl + wheel) zooms.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      setScale((s) => Math.max(MIN_SCALE, Math.min(MAX_SCALE, s * Math.exp(-e.deltaY * 0.002))));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [shown]);

  // The current page: the first one that shows at least half of itself (or fills half the view).
  const frame = useRef(0);
  const trackPage = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const el = scroller.current;
      if (!el) return;
      const view = el.getBoundingClientRect();
      for (const node of el.querySelectorAll<HTMLElement>('[data-page]')) {
        const r = node.getBoundingClientRect();
        if (r.bottom <= view.top) continue;
        const shown = Math.min(r.bottom, view.bottom) - Math.max(r.top, view.top);
        if (shown >= Math.min(r.height, view.height) / 2 || r.top >= view.top) {
          setPage(Number(node.dataset.page));
          return;
        }
      }
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Two fingers on a touch screen pinch-zoom the sheet (one finger scrolls natively).
  const scaleNow = useRef(scale);
  useEffect(() => {
    scaleNow.current = scale;
  }, [scale]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const touches = new Map<number, { x: number; y: number }>();
    let pinch: { distance: number; scale: number } | null = null;
    const distance = () => {
      const [a, b] = [...touches.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };
    const onDown = (e: PointerEvent) => {
      if (e.pointerType !== 'touch') return;
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) pinch = { distance: distance(), scale: scaleNow.current };
    };
    const onMove = (e: PointerEvent) => {
      if (!touches.has(e.pointerId)) return;
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (!pinch || touches.size !== 2 || pinch.distance === 0) return;
      const next = pinch.scale * (distance() / pinch.distance);
      setScale(Math.max(MIN_SCALE, Math.min(MAX_SCALE, next)));
    };
    const onUp = (e: PointerEvent) => {
      touches.delete(e.pointerId);
      if (touches.size < 2) pinch = null;
    };
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onUp);
    return () => {
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onUp);
    };
  }, [shown]);

  // One key per tool (shown in its label); Escape goes back to panning when nothing is being drawn.
  useEffect(() => {
    if (!canDraw || !shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e)) return;
      const hit = TOOLS.find((x) => x.key === e.key.toLowerCase());
      if (!hit) return;
      e.preventDefault();
      setTool(hit.tool);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canDraw, shown]);

  const startCalibration = useCallback(
    (pageNo: number, segment: Segment) => {
      if (!doc) return;
      // The scale the sheet states in its text, offered in the dialog (read once the points are picked).
      void doc
        .getPage(pageNo)
        .then((p) => p.getTextContent())
        .then((content) => scaleFromText(content.items.map((item) => ('str' in item ? item.str : '')).join(' ')))
        .catch(() => null)
        .then((scale) => setCalibrating({ page: pageNo, segment, scale }));
    },
    [doc],
  );

  // Drag to pan with the pan tool.
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  if (error) {
    return (
      <Center h="100%" p="md">
        <Alert color="red">{t('VIEWER.Pdf.Unreadable')}</Alert>
      </Center>
    );
  }
  if (!doc || scale === 0) {
    return (
      <Center h="100%" ref={scroller}>
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('VIEWER.Pdf.Loading')}</Text>
        </Group>
      </Center>
    );
  }
  const zoom = (f: number) => setScale((s) => Math.max(MIN_SCALE, Math.min(MAX_SCALE, s * f)));

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Group gap="xs" p={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Tooltip label={t('VIEWER.Pdf.PreviousPage')}>
          <ActionIcon
            variant="default"
            aria-label={t('VIEWER.Pdf.PreviousPage')}
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" data-testid="pdf-page">
          {t('VIEWER.Pdf.Page', { page, pages: doc.numPages })}
        </Text>
        <Tooltip label={t('VIEWER.Pdf.NextPage')}>
          <ActionIcon
            variant="default"
            aria-label={t('VIEWER.Pdf.NextPage')}
            disabled={page >= doc.numPages}
            onClick={() => goTo(page + 1)}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Tooltip>
        <ActionIcon variant="default" aria-label={t('VIEWER.Pdf.ZoomOut')} onClick={() => zoom(1 / 1.25)}>
          <IconZoomOut size={16} />
        </ActionIcon>
        <Text size="sm" w={48} ta="center" data-testid="pdf-zoom">
          {Math.round(scale * 100)} %
        </Text>
        <ActionIcon variant="default" aria-label={t('VIEWER.Pdf.ZoomIn')} onClick={() => zoom(1.25)}>
          <IconZoomIn size={16} />
        </ActionIcon>
        <SegmentedControl
          size="xs"
          value="none"
          onChange={(v) => (v === 'fit' ? fitWidth() : setScale(1))}
          data={[
            { value: 'fit', label: t('VIEWER.Pdf.FitWidth') },
            { value: 'actual', label: t('VIEWER.Pdf.ActualSize') },
          ]}
        />
        {canDraw && (
          <SegmentedControl
            size="xs"
            ml="auto"
            value={tool}
            onChange={(v) => {
              setTool(v as PdfTool);
              setNeedsCalibration(null);
            }}
            data={TOOLS.map(({ tool: value, key, label, Icon }) => ({
              value,
              label: (
                <Icon
                  size={16}
                  aria-label={`${t(label)} (${key.toUpperCase()})`}
                  aria-keyshortcuts={key.toUpperCase()}
                />
              ),
            }))}
            data-testid="pdf-tools"
          />
        )}
      </Group>
      {needsCalibration !== null && (
        <Alert
          color="orange"
          py={6}
          data-testid="pdf-needs-calibration"
          withCloseButton
          closeButtonLabel={t('VIEWER.Markup.Close')}
          onClose={() => setNeedsCalibration(null)}
        >
          {t('VIEWER.Calibration.First', { page: needsCalibration })}
        </Alert>
      )}
      {measure && measure.kind === 'measure' && (
        <Group gap="xs" px={6} py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <IconRuler size={16} aria-hidden />
          <Text size="sm" data-testid="pdf-measure-result">
            {t('VIEWER.Markup.Measured', {
              length: (() => {
                const c = calibrationOf(measure.page);
                return c
                  ? formatLength(
                      measuredMillimetres({ x: measure.x1, y: measure.y1 }, { x: measure.x2, y: measure.y2 }, c),
                      locale,
                    )
                  : '–';
              })(),
              page: measure.page,
            })}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconMessagePlus size={14} />}
            onClick={() => {
              onDraw(measure);
              setMeasure(null);
              setTool('pan');
            }}
          >
            {t('VIEWER.Markup.TopicFromMeasure')}
          </Button>
          <CloseButton size="sm" aria-label={t('VIEWER.Markup.Close')} onClick={() => setMeasure(null)} />
        </Group>
      )}
      <Group align="stretch" gap={0} wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <ScrollArea w={150} bg="gray.1" p={6} aria-label={t('VIEWER.Pdf.Thumbnails')} style={{ flexShrink: 0 }}>
          {sizes.map((size, i) => (
            <Thumbnail
              key={i}
              doc={doc}
              pageNo={i + 1}
              size={size}
              active={page === i + 1}
              onClick={() => goTo(i + 1)}
            />
          ))}
        </ScrollArea>
        <Box
          ref={scroller}
          bg="gray.2"
          p="md"
          data-testid="pdf-scroller"
          tabIndex={0}
          role="region"
          aria-label={t('VIEWER.Pdf.Sheet')}
          style={{
            flex: 1,
            overflow: 'auto',
            cursor: tool === 'pan' ? 'grab' : undefined,
            // The browser scrolls; the pinch is the viewer's zoom, not the page's.
            touchAction: 'pan-x pan-y',
          }}
          onPointerDown={(e) => {
            if (tool !== 'pan' || !scroller.current) return;
            drag.current = {
              x: e.clientX,
              y: e.clientY,
              left: scroller.current.scrollLeft,
              top: scroller.current.scrollTop,
            };
          }}
          onPointerMove={(e) => {
            if (!drag.current || !scroller.current) return;
            scroller.current.scrollLeft = drag.current.left - (e.clientX - drag.current.x);
            scroller.current.scrollTop = drag.current.top - (e.clientY - drag.current.y);
          }}
          onPointerUp={() => (drag.current = null)}
          onPointerLeave={() => (drag.current = null)}
          onScroll={trackPage}
        >
          {sizes.map((size, i) => (
            <PdfPage
              key={i}
              doc={doc}
              pageNo={i + 1}
              scale={scale}
              size={size}
              tool={canDraw ? tool : 'pan'}
              markups={[
                ...markups.filter((m) => m.markup.page === i + 1),
                ...(measure && measure.page === i + 1
                  ? [{ id: 'measure' as const, markup: measure, active: true }]
                  : []),
              ]}
              calibration={calibrationOf(i + 1)}
              locale={locale}
              onDraw={(m) => {
                setTool('pan');
                onDraw(m);
              }}
              onMeasure={setMeasure}
              onCalibrate={startCalibration}
              onNeedCalibration={(pageNo) => {
                setNeedsCalibration(pageNo);
                setTool('calibrate');
              }}
            />
          ))}
        </Box>
      </Group>
      {calibrating && sheet && (
        <CalibrationDialog
          sheet={sheet}
          page={calibrating.page}
          segment={calibrating.segment}
          pageSize={sizes[calibrating.page - 1] ?? { w: 1, h: 1 }}
          suggestedScale={calibrating.scale}
          onClose={() => setCalibrating(null)}
          onSaved={() => {
            setCalibrating(null);
            // Back to measuring when the calibration was asked for by the measure tool.
            setTool(needsCalibration !== null ? 'measure' : 'pan');
            setNeedsCalibration(null);
          }}
        />
      )}
    </Box>
  );
}
