import { NOT_AVAILABLE } from '../../../shared/rules/sales-org-request';
import type { SalesOrgRequestMail } from '../../../shared/schemas/dashboard';

const texts = {
  de: {
    subject: (so: string) => `Anfrage für ein neues Projekt an ${so}`,
    intro: (so: string) =>
      `über Planport ist eine Anfrage für ein neues Projekt an ${so} eingegangen. Bitte nehmen Sie Kontakt auf.`,
    labels: ['Name', 'Benutzer', 'E-Mail', 'Firma', 'Straße', 'Straße (Zusatz)', 'PLZ', 'Ort', 'Telefon'],
    greeting: 'Guten Tag,',
    createLink: 'Projekt für diese Anfrage anlegen (interne Benutzer von Planport):',
  },
  en: {
    subject: (so: string) => `Request for a new project to ${so}`,
    intro: (so: string) => `a request for a new project to ${so} was sent through Planport. Please get in touch.`,
    labels: ['Name', 'User', 'E-mail', 'Company', 'Street', 'Street (addition)', 'ZIP', 'City', 'Phone'],
    greeting: 'Hello,',
    createLink: 'Create the project for this request (internal Planport users):',
  },
  nl: {
    subject: (so: string) => `Aanvraag voor een nieuw project aan ${so}`,
    intro: (so: string) =>
      `via Planport is een aanvraag voor een nieuw project aan ${so} binnengekomen. Neem a.u.b. contact op.`,
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
    greeting: 'Goedendag,',
    createLink: 'Project voor deze aanvraag aanmaken (interne gebruikers van Planport):',
  },
};

const orNA = (v: string) => (v.trim() ? v.trim() : NOT_AVAILABLE);

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
  const lines = t.labels.map((label, i) => `${label}: ${i === 0 ? values[i] : orNA(values[i])}`);
  return {
    subject: t.subject(salesOrgTitle),
    text: [t.greeting, '', t.intro(salesOrgTitle), '', ...lines, '', t.createLink, createLink, ''].join('\n'),
  };
}
