import { Alert, Box, Center, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import { useFormatters } from '../../../lib/format';
import type { Sheet } from '../api/calibration';
import { usePdfDocument } from '../hooks/use-pdf-document';
import { useSheetCalibration } from '../hooks/use-sheet-calibration';
import { useSheetView } from '../hooks/use-sheet-view';
import { useToolShortcuts } from '../hooks/use-tool-shortcuts';
import { CalibrationDialog } from './calibration-dialog';
import { CalibrationFirst, PdfMeasureBar } from './pdf-measure-bar';
import type { PdfTool, ShownMarkup } from './pdf-page';
import { PdfSheet } from './pdf-sheet';
import { PdfToolbar } from './pdf-toolbar';

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

/**
 * PDF drawings with pdf.js: thumbnails, fit width / 100 % / wheel and pinch zoom (trackpad and
 * touch), pan, page navigation; only pages near the view are rendered, so A0 sheets and 50-page
 * sets stay responsive. Markups (area, revision cloud, arrow, line, polyline, text, measure) are
 * drawn on a page; a page is calibrated once (two points and their real length) for measuring.
 */
export function PdfViewer({ url, markups, canDraw, onDraw, focusPage, sheet }: Props) {
  const { t } = useTranslation();
  const { locale } = useFormatters();
  const { doc, sizes, error } = usePdfDocument(url, true);
  const { scroller, scale, setScale, zoom, fitWidth, page, goTo, trackPage, shown } = useSheetView(
    url,
    doc,
    sizes,
    focusPage,
  );
  const calibration = useSheetCalibration(sheet, url, doc);
  const { measure, setMeasure, needsCalibration, setNeedsCalibration, calibrating, setCalibrating } = calibration;
  const [tool, setTool] = useState<PdfTool>('pan');
  useToolShortcuts(canDraw && shown, setTool);

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

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <PdfToolbar
        page={page}
        pages={doc.numPages}
        scale={scale}
        onGoTo={goTo}
        onZoom={zoom}
        onFitWidth={fitWidth}
        onActualSize={() => setScale(1)}
        tools={
          canDraw
            ? {
                tool,
                onChange: (next) => {
                  setTool(next);
                  setNeedsCalibration(null);
                },
              }
            : null
        }
      />
      {needsCalibration !== null && (
        <CalibrationFirst page={needsCalibration} onClose={() => setNeedsCalibration(null)} />
      )}
      {measure && measure.kind === 'measure' && (
        <PdfMeasureBar
          measure={measure}
          calibration={calibration.calibrationOf(measure.page)}
          locale={locale}
          onTopic={() => {
            onDraw(measure);
            setMeasure(null);
            setTool('pan');
          }}
          onClose={() => setMeasure(null)}
        />
      )}
      <Group align="stretch" gap={0} wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <PdfSheet
          scroller={scroller}
          doc={doc}
          sizes={sizes}
          scale={scale}
          page={page}
          tool={canDraw ? tool : 'pan'}
          markups={markups}
          measure={measure}
          calibrationOf={calibration.calibrationOf}
          locale={locale}
          onGoTo={goTo}
          onScroll={trackPage}
          onDraw={(m) => {
            setTool('pan');
            onDraw(m);
          }}
          onMeasure={setMeasure}
          onCalibrate={calibration.startCalibration}
          onNeedCalibration={(pageNo) => {
            setNeedsCalibration(pageNo);
            setTool('calibrate');
          }}
        />
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
