/** The "delivery confirmed" mail to the purchaser and the site contact, in the recipient's language. */
const texts = {
  de: {
    subject: (no: string, title: string) => `Liefertermin bestätigt: ${no} ${title}`,
    body: (p: MailFacts) =>
      `Guten Tag,\n\nfür das Projekt ${p.projectNo} ${p.projectTitle} ist die Lieferung „${p.lotTitle}“ fest eingeplant.\n\nLiefertermin: ${p.date}\nFreigabelose: ${p.groups || '–'}\n\nZum Projekt: ${p.link}\n\nIhr Planport-Team`,
  },
  en: {
    subject: (no: string, title: string) => `Delivery date confirmed: ${no} ${title}`,
    body: (p: MailFacts) =>
      `Hello,\n\nFor the project ${p.projectNo} ${p.projectTitle} the delivery “${p.lotTitle}” is now fixed.\n\nDelivery date: ${p.date}\nApproval lots: ${p.groups || '–'}\n\nOpen the project: ${p.link}\n\nYour Planport team`,
  },
  nl: {
    subject: (no: string, title: string) => `Leverdatum bevestigd: ${no} ${title}`,
    body: (p: MailFacts) =>
      `Geachte heer/mevrouw,\n\nVoor het project ${p.projectNo} ${p.projectTitle} is de levering “${p.lotTitle}” nu vast ingepland.\n\nLeverdatum: ${p.date}\nVrijgavelots: ${p.groups || '–'}\n\nNaar het project: ${p.link}\n\nUw Planport-team`,
  },
};

export type MailFacts = {
  projectNo: string;
  projectTitle: string;
  lotTitle: string;
  date: string;
  groups: string;
  link: string;
};

const locale = { de: 'de-DE', en: 'en-GB', nl: 'nl-NL' } as const;

export function renderDeliveryConfirmedMail(language: string, facts: Omit<MailFacts, 'date'> & { isoDate: string }) {
  const lang = language === 'en' || language === 'nl' ? language : 'de';
  const date = new Intl.DateTimeFormat(locale[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${facts.isoDate}T00:00:00Z`),
  );
  return {
    subject: texts[lang].subject(facts.projectNo, facts.projectTitle),
    text: texts[lang].body({ ...facts, date }),
  };
}
