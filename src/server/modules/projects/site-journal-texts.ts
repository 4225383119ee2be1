import { t } from '../../platform/i18n';

/** Journal lines for site address and contact changes, in the acting user's language (old → new). */
export function siteJournalTexts(language: string) {
  return {
    address: (unit: string, before: string, after: string) =>
      t(language, 'JOURNAL.Lines.SiteAddress', { unit, before, after }),
    contact: (unit: string, before: string, after: string) =>
      t(language, 'JOURNAL.Lines.SiteContact', { unit, before, after }),
    none: t(language, 'JOURNAL.Lines.SiteNone'),
  };
}
