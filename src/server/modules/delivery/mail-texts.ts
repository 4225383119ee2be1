import { localeOfLanguage } from '../../../shared/schemas/common';
import { serverLanguage, greeting, t } from '../../platform/i18n';

export type MailFacts = {
  projectNo: string;
  projectTitle: string;
  lotTitle: string;
  date: string;
  groups: string;
  link: string;
};

/** The "delivery confirmed" mail to the purchaser and the site contact, in the recipient's language. */
export function renderDeliveryConfirmedMail(language: string, facts: Omit<MailFacts, 'date'> & { isoDate: string }) {
  const lang = serverLanguage(language);
  const date = new Intl.DateTimeFormat(localeOfLanguage[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${facts.isoDate}T00:00:00Z`),
  );
  const text = (key: string, values: Record<string, string> = {}) => t(lang, `MAIL.DeliveryConfirmed.${key}`, values);
  const project = { no: facts.projectNo, title: facts.projectTitle };
  return {
    subject: text('Subject', project),
    text: [
      greeting(lang, ''),
      '',
      text('Body', { ...project, lot: facts.lotTitle }),
      '',
      text('Date', { date }),
      text('Groups', { groups: facts.groups || '–' }),
      '',
      text('Open', { link: facts.link }),
      '',
      text('Signature'),
    ].join('\n'),
  };
}
