/** Journal lines of review decisions, in the acting user's language. */
const texts = {
  de: {
    approved: (open: number) => `Zeichnungen freigegeben (${open} offene Anmerkungen)`,
    revision: (titles: string[]) =>
      `Überarbeitung angefordert, ${titles.length} offene Anmerkungen: ${titles.join('; ')}`.replace(/: $/, ''),
    imported: (n: number) => `${n} Anmerkungen aus BCF importiert`,
  },
  en: {
    approved: (open: number) => `Drawings approved (${open} open markups)`,
    revision: (titles: string[]) =>
      `Revision requested, ${titles.length} open markups: ${titles.join('; ')}`.replace(/: $/, ''),
    imported: (n: number) => `${n} markups imported from BCF`,
  },
  nl: {
    approved: (open: number) => `Tekeningen goedgekeurd (${open} open opmerkingen)`,
    revision: (titles: string[]) =>
      `Revisie aangevraagd, ${titles.length} open opmerkingen: ${titles.join('; ')}`.replace(/: $/, ''),
    imported: (n: number) => `${n} opmerkingen uit BCF geïmporteerd`,
  },
};

export function journalTexts(language: string) {
  return texts[language === 'en' || language === 'nl' ? language : 'de'];
}
