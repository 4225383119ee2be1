import { z } from 'zod';

const unit = z.number().min(0).max(1);
/** A page side in PDF points: from 1 pt to 14 400 pt (200 inches, the PDF maximum). */
const side = z.number().min(1).max(14400);

/**
 * The scale of one page of one PDF file version: two points (fractions of the page) and the real
 * length between them. Every user of the unit measures with it.
 */
export const sheetCalibrationInputSchema = z
  .object({
    x1: unit,
    y1: unit,
    x2: unit,
    y2: unit,
    /** The page's size in PDF points (as pdf.js shows it, rotation applied), so fractions become lengths. */
    pageWidth: side,
    pageHeight: side,
    /** The real length between the two points in millimetres: 1 mm to 10 km. */
    lengthMm: z
      .number({ error: 'VALIDATION.Required' })
      .min(1, 'VIEWER.Calibration.Errors.Length')
      .max(10_000_000, 'VIEWER.Calibration.Errors.Length'),
  })
  // Points at least 5 page points apart: a shorter line gives no usable scale.
  .refine((c) => Math.hypot((c.x2 - c.x1) * c.pageWidth, (c.y2 - c.y1) * c.pageHeight) >= 5, {
    error: 'VIEWER.Calibration.Errors.TooShort',
    path: ['x2'],
  });
export type SheetCalibrationInput = z.infer<typeof sheetCalibrationInputSchema>;

export const sheetCalibrationSchema = z.object({
  page: z.number().int(),
  x1: z.number(),
  y1: z.number(),
  x2: z.number(),
  y2: z.number(),
  pageWidth: z.number(),
  pageHeight: z.number(),
  lengthMm: z.number(),
  calibratedByName: z.string().nullable(),
  calibratedOn: z.string(),
});
export type SheetCalibration = z.infer<typeof sheetCalibrationSchema>;

/** The calibrated pages of one file version. */
export const sheetCalibrationsSchema = z.object({ data: z.array(sheetCalibrationSchema) });
export type SheetCalibrations = z.infer<typeof sheetCalibrationsSchema>;
