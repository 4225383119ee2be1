import { NOT_AVAILABLE } from '../../../shared/rules/sales-org-request';
import type { SalesOrgRequestMail } from '../../../shared/schemas/dashboard';

const texts = {
  de: {
    subject: (so: string) => `Anfrage für ein neues Projekt an ${so}`,
    intro: (so: string) =>
      `Über Planport ist eine Anfrage für ein neues Projekt an ${so} eingegangen. Bitte nehmen Sie Kontakt auf.`,
    labels: ['Name', 'Benutzer', 'E-Mail', 'Firma', 'Straße', 'Straße (Zusatz)', 'PLZ', 'Ort', 'Telefon'],
    greeting: 'Guten Tag,',
    createLink: 'Projekt für diese Anfrage anlegen (interne Benutzer von Planport):',
    notAvailable: 'k. A.',
  },
  en: {
    subject: (so: string) => `New project request for ${so}`,
    intro: (so: string) => `A new project request for ${so} was sent through Planport. Please get in touch.`,
    labels: ['Name', 'User', 'E-mail', 'Company', 'Street', 'Street (addition)', 'Postcode', 'City', 'Phone'],
    greeting: 'Hello,',
    createLink: 'Create the project for this request (internal Planport users):',
    notAvailable: 'N/A',
  },
  nl: {
    subject: (so: string) => `Aanvraag voor een nieuw project aan ${so}`,
    intro: (so: string) =>
      `Via Planport is een aanvraag voor een nieuw project aan ${so} binnengekomen. Neem a.u.b. contact op.`,
    labels: [
      'Naam',
      'Gebruiker',
      'E-mail',
      'Bedrijf',
      'Straat',
      'Straat (toevoeging)',
      'Postcode',
      'Plaats',
      'Telefoon',
    ],
    greeting: 'Geachte heer/mevrouw,',
    createLink: 'Project voor deze aanvraag aanmaken (interne gebruikers van Planport):',
    notAvailable: 'n.v.t.',
  },
};

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
  const t = texts[language as keyof typeof texts] ?? texts.de;
  // The request carries the spec's "N/A" for a missing value; the mail says it in the reader's words.
  const orNA = (v: string) => (v.trim() && v.trim() !== NOT_AVAILABLE ? v.trim() : t.notAvailable);
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
  const lines = t.labels.map((label, i) => `${label}: ${i === 0 ? values[i] : orNA(values[i] ?? '')}`);
  return {
    subject: t.subject(salesOrgTitle),
    text: [t.greeting, '', t.intro(salesOrgTitle), '', ...lines, '', t.createLink, createLink, ''].join('\n'),
  };
}
