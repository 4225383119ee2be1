import { Box, ScrollArea } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetCalibration } from '../../../../shared/schemas/calibration';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import type { PageSize } from '../hooks/use-pdf-document';
import { usePanDrag } from '../hooks/use-sheet-view';
import { PdfPage, type PdfTool, type Segment, type ShownMarkup } from './pdf-page';
import { Thumbnail } from './pdf-thumbnail';
import { markupsOfPage } from './sheet-markups';

type Props = {
  scroller: RefObject<HTMLDivElement | null>;
  doc: PDFDocumentProxy;
  sizes: PageSize[];
  scale: number;
  page: number;
  tool: PdfTool;
  markups: ShownMarkup[];
  measure: PdfMarkup | null;
  calibrationOf: (pageNo: number) => SheetCalibration | null;
  locale: string;
  onGoTo: (pageNo: number) => void;
  onScroll: () => void;
  onDraw: (m: PdfMarkup) => void;
  onMeasure: (m: PdfMarkup) => void;
  onCalibrate: (page: number, segment: Segment) => void;
  onNeedCalibration: (page: number) => void;
};

/** The thumbnail strip and the scrolling sheet with its pages (dragged with the pan tool). */
export function PdfSheet({ scroller, doc, sizes, scale, page, tool, markups, measure, ...props }: Props) {
  const { t } = useTranslation();
  const pan = usePanDrag(tool === 'pan');
  return (
    <>
      <ScrollArea w={150} bg="gray.1" p={6} aria-label={t('VIEWER.Pdf.Thumbnails')} style={{ flexShrink: 0 }}>
        {sizes.map((size, i) => (
          <Thumbnail
            key={i}
            doc={doc}
            pageNo={i + 1}
            size={size}
            active={page === i + 1}
            onClick={() => props.onGoTo(i + 1)}
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
        {...pan}
        onScroll={props.onScroll}
      >
        {sizes.map((size, i) => (
          <PdfPage
            key={i}
            doc={doc}
            pageNo={i + 1}
            scale={scale}
            size={size}
            tool={tool}
            markups={markupsOfPage(markups, measure, i + 1)}
            calibration={props.calibrationOf(i + 1)}
            locale={props.locale}
            onDraw={props.onDraw}
            onMeasure={props.onMeasure}
            onCalibrate={props.onCalibrate}
            onNeedCalibration={props.onNeedCalibration}
          />
        ))}
      </Box>
    </>
  );
}
