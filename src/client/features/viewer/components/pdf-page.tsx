import { Box } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { memo, useRef } from 'react';
import type { SheetCalibration } from '../../../../shared/schemas/calibration';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import { useMarkupDrawing } from '../hooks/use-markup-drawing';
import { pageRenderScale, useNearView, usePageCanvas } from '../hooks/use-page-canvas';
import { withDraft } from './markup-draft';
import { formatLength, measuredMillimetres } from './markup-geometry';
import { MarkupTextInput } from './markup-text-input';
import { MarkupLayer } from './pdf-markup-layer';
import type { Size } from './pdf-markup-shape';

/** Tools of the sheet: pan, the markups a topic can carry, and the sheet's calibration. */
export type PdfTool = 'pan' | 'area' | 'arrow' | 'cloud' | 'line' | 'polyline' | 'text' | 'measure' | 'calibrate';
export type ShownMarkup = { id: number | 'draft' | 'measure'; markup: PdfMarkup; active: boolean };
export type Segment = { x1: number; y1: number; x2: number; y2: number };

type Props = {
  doc: PDFDocumentProxy;
  pageNo: number;
  scale: number;
  size: Size;
  markups: ShownMarkup[];
  tool: PdfTool;
  /** The page's scale, if calibrated. */
  calibration: SheetCalibration | null;
  locale: string;
  onDraw: (m: PdfMarkup) => void;
  onMeasure: (m: PdfMarkup) => void;
  onCalibrate: (page: number, segment: Segment) => void;
  onNeedCalibration: (page: number) => void;
};

/** One page: a placeholder of the right size; the canvas is drawn only while the page is near the view. */
export const PdfPage = memo(function PdfPage({ doc, pageNo, scale, size, markups, tool, calibration, ...on }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const nearView = useNearView(box, '400px 0px');
  const canvas = usePageCanvas(doc, pageNo, pageRenderScale(scale, window.devicePixelRatio, size), nearView, true);
  const { draft, segment, handlers, typing } = useMarkupDrawing(tool, pageNo, calibration !== null, on);
  const lengthOf = (m: PdfMarkup) =>
    calibration && m.kind === 'measure'
      ? formatLength(measuredMillimetres({ x: m.x1, y: m.y1 }, { x: m.x2, y: m.y2 }, calibration), on.locale)
      : null;
  const drawing = tool !== 'pan';

  return (
    <Box
      ref={box}
      data-page={pageNo}
      pos="relative"
      bg="white"
      w={size.w * scale}
      h={size.h * scale}
      mx="auto"
      mb="md"
      style={{
        boxShadow: '0 1px 4px rgba(0,0,0,0.25)',
        cursor: drawing ? (tool === 'text' ? 'text' : 'crosshair') : undefined,
        touchAction: drawing ? 'none' : undefined,
      }}
      {...handlers}
    >
      {nearView && <canvas ref={canvas} style={{ width: '100%', height: '100%', display: 'block' }} />}
      <MarkupLayer
        markups={withDraft(markups, draft)}
        size={size}
        lengthOf={lengthOf}
        calibrating={tool === 'calibrate' ? segment : null}
      />
      {typing && <MarkupTextInput {...typing} />}
    </Box>
  );
});
