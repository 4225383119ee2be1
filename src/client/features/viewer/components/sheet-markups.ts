import type { PdfMarkup } from '../../../../shared/schemas/review';
import type { ShownMarkup } from './pdf-page';

/** The markups drawn on one page: the topics' markups on it and the last measurement, if taken there. */
export function markupsOfPage(markups: ShownMarkup[], measure: PdfMarkup | null, pageNo: number): ShownMarkup[] {
  return [
    ...markups.filter((m) => m.markup.page === pageNo),
    ...(measure && measure.page === pageNo ? [{ id: 'measure' as const, markup: measure, active: true }] : []),
  ];
}
