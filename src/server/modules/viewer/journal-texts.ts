import { t } from '../../platform/i18n';

/** Journal lines of review decisions, in the acting user's language; counts pick singular or plural. */
export function journalTexts(language: string) {
  return {
    approved: (open: number) => t(language, 'JOURNAL.Lines.ReviewApproved', { count: open }),
    revision: (titles: string[]) => {
      const line = t(language, 'JOURNAL.Lines.ReviewRevision', { count: titles.length });
      return titles.length > 0 ? `${line}: ${titles.join('; ')}` : line;
    },
    imported: (n: number) => t(language, 'JOURNAL.Lines.BcfImported', { count: n }),
  };
}
