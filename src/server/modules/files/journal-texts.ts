import { t } from '../../platform/i18n';

/** Journal lines for file events, in the acting user's language (the journal shows them as written). */
export function journalTexts(language: string) {
  return {
    uploaded: (name: string) => t(language, 'JOURNAL.Lines.FileUploaded', { name }),
    newVersion: (name: string, version: number) => t(language, 'JOURNAL.Lines.FileNewVersion', { name, version }),
    deleted: (name: string) => t(language, 'JOURNAL.Lines.FileDeleted', { name }),
  };
}
