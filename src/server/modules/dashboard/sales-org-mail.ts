import { NOT_AVAILABLE } from '../../../shared/rules/sales-org-request';
import type { SalesOrgRequestMail } from '../../../shared/schemas/dashboard';
import { greeting, serverLanguage, t as text } from '../../platform/i18n';

const labels = ['Name', 'User', 'Email', 'Company', 'Street', 'Street2', 'Zip', 'City', 'Phone'] as const;

/**
 * The text of the new-project request mail, in the sender's language (German fallback). The link
 * opens the create-project dialog with the requester as the first member.
 */
export function renderSalesOrgRequestMail(
  input: SalesOrgRequestMail,
  salesOrgTitle: string,
  language: string,
  createLink: string,
) {
  const lang = serverLanguage(language);
  const t = (key: string, values: Record<string, string> = {}) => text(lang, `MAIL.SalesOrgRequest.${key}`, values);
  const notAvailable = t('NotAvailable');
  // The request carries the spec's "N/A" for a missing value; the mail says it in the reader's words.
  const orNA = (v: string) => (v.trim() && v.trim() !== NOT_AVAILABLE ? v.trim() : notAvailable);
  const name = [input.FirstName, input.LastName].map(orNA).join(' ');
  const values = [
    name,
    String(input.SenderUserID),
    input.SenderMail,
    input.Company,
    input.Street1,
    input.Street2,
    input.ZIP,
    input.City,
    input.Phone,
  ];
  const lines = labels.map((label, i) => `${t(`Labels.${label}`)}: ${i === 0 ? values[i] : orNA(values[i] ?? '')}`);
  return {
    subject: t('Subject', { salesOrg: salesOrgTitle }),
    text: [
      greeting(lang, ''),
      '',
      t('Intro', { salesOrg: salesOrgTitle }),
      '',
      ...lines,
      '',
      t('CreateLink'),
      createLink,
      '',
    ].join('\n'),
  };
}
