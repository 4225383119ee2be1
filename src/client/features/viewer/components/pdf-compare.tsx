import { Alert, Box, Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import { apiErrorText } from '../../../lib/notify';
import { useComparison } from '../api/compare';
import { pdfUrl } from '../api/keys';
import { clampScale } from '../hooks/sheet-view';
import { useCompareSteps } from '../hooks/use-compare-steps';
import { usePdfDocument } from '../hooks/use-pdf-document';
import { CompareChangesBar } from './compare-changes-bar';
import { ComparePane } from './compare-pane';
import { fitCompareScale, regionMarkup, type CompareMode } from './compare-steps';
import { CompareToolbar } from './compare-toolbar';

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

/**
 * Compare mode of a PDF drawing: the version under review against an earlier one, overlaid in two
 * colours (removed red, added blue, unchanged grey) or side by side with zoom and pan locked; the
 * changed regions the server found are boxes to step through (buttons or the N and P keys) and to
 * turn into a topic.
 */
export function PdfCompare(props: Props) {
  const { rootId, unitId, fileId, version, against } = props;
  const { t } = useTranslation();
  const comparison = useComparison(rootId, unitId, fileId, version, against);
  const older = usePdfDocument(pdfUrl(rootId, unitId, fileId, against));
  const newer = usePdfDocument(pdfUrl(rootId, unitId, fileId, version));
  const [mode, setMode] = useState<CompareMode>('overlay');
  const [opacity, setOpacity] = useState(80);
  const [scale, setScale] = useState(0);
  const result = comparison.data?.kind === 'pdf' ? comparison.data : null;
  const { page, setPage, steps, step, current, goToStep, pick, restart, onKeyDown } = useCompareSteps(result);
  const pageCount = Math.max(older.doc?.numPages ?? 0, newer.doc?.numPages ?? 0);
  const pageInfo = result?.pages.find((p) => p.page === page) ?? null;

  const area = useRef<HTMLDivElement>(null);
  // The first scale fits the sheet's width into the view.
  useEffect(() => {
    if (scale !== 0 || !newer.doc || !area.current) return;
    void newer.doc.getPage(1).then((p) => {
      const width = p.getViewport({ scale: 1 }).width;
      setScale(fitCompareScale(width, area.current?.clientWidth ?? 800, mode));
    });
  }, [newer.doc, scale, mode]);
  const failed = comparison.isError || older.error || newer.error;

  return (
    <Box
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      onKeyDown={onKeyDown}
      data-testid="pdf-compare"
    >
      <CompareToolbar
        against={against}
        earlier={props.earlier}
        onAgainstChange={(v) => {
          props.onAgainstChange(v);
          restart();
        }}
        mode={mode}
        onModeChange={(v) => {
          setMode(v);
          setScale(0);
        }}
        opacity={opacity}
        onOpacityChange={setOpacity}
        scale={scale}
        onZoom={(f) => setScale((s) => clampScale(s * f))}
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
      />
      <CompareChangesBar
        pending={comparison.isPending}
        count={result ? steps.length : null}
        step={step}
        onStep={goToStep}
        onTopic={props.canDraw && current ? () => props.onRegionTopic(regionMarkup(current)) : null}
        offset={pageInfo?.offset ?? null}
      />
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
            onPick={pick}
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
