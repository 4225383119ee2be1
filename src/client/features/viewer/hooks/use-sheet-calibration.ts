import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useState } from 'react';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import { useCalibrations, type Sheet } from '../api/calibration';
import { scaleFromText } from '../components/markup-geometry';
import type { Segment } from '../components/pdf-page';

/**
 * Measuring on a sheet: the pages' calibrations, the last measurement (shown until the next one), a
 * calibration being entered and a page that needs one first. The last two start over with `url`.
 */
export function useSheetCalibration(sheet: Sheet | null, url: string, doc: PDFDocumentProxy | null) {
  const calibrations = useCalibrations(sheet);
  const calibrationOf = (pageNo: number) => calibrations.data?.data.find((c) => c.page === pageNo) ?? null;
  const [measure, setMeasure] = useState<PdfMarkup | null>(null);
  const [calibrating, setCalibrating] = useState<{ page: number; segment: Segment; scale: number | null } | null>(null);
  const [needsCalibration, setNeedsCalibration] = useState<number | null>(null);
  useEffect(() => {
    setMeasure(null);
    setNeedsCalibration(null);
  }, [url]);

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

  return {
    calibrationOf,
    measure,
    setMeasure,
    calibrating,
    setCalibrating,
    needsCalibration,
    setNeedsCalibration,
    startCalibration,
  };
}
