import { t } from '../../platform/i18n';

/** Journal lines for delivery events, in the acting user's language (the journal shows them as written). */
export function deliveryJournalTexts(language: string) {
  return {
    dataChanged: (list: string) => t(language, 'JOURNAL.Lines.DeliveryDataChanged', { list }),
    lotConfirmed: (title: string, date: string) => t(language, 'JOURNAL.Lines.LotConfirmed', { title, date }),
    lotCreated: (title: string, date: string) => t(language, 'JOURNAL.Lines.LotCreated', { title, date }),
    lotChanged: (title: string, date: string) => t(language, 'JOURNAL.Lines.LotChanged', { title, date }),
    lotDeleted: (title: string) => t(language, 'JOURNAL.Lines.LotDeleted', { title }),
  };
}
