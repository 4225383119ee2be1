import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createFormatters } from '../../../lib/format';

/**
 * The app's number format (up to two decimals, as useFormatters().number), built once per
 * language: the order tables render it in hundreds of cells, and building Intl formatters
 * on every render of every row would dominate the time of an edit.
 */
export function useNumberFormat(): (v: number | null | undefined) => string {
  const { i18n } = useTranslation();
  return useMemo(() => createFormatters(i18n.language).number, [i18n.language]);
}

/**
 * Millimetres as typed in the order inputs and the catalogue: whole numbers without a thousands
 * separator ("2480"), so the read-only table and the input show the same value the same way.
 */
export function formatMillimetres(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '' : String(Math.round(v));
}
