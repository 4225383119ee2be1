/** Journal lines of review decisions, in the acting user's language. */
// Each count picks its singular or plural noun, so a line never reads "1 open markups".
const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

const texts = {
  de: {
    approved: (open: number) => `Zeichnungen freigegeben (${plural(open, 'offene Anmerkung', 'offene Anmerkungen')})`,
    revision: (titles: string[]) =>
      `Überarbeitung angefordert, ${plural(titles.length, 'offene Anmerkung', 'offene Anmerkungen')}: ${titles.join('; ')}`.replace(
        /: $/,
        '',
      ),
    imported: (n: number) => `${plural(n, 'Anmerkung', 'Anmerkungen')} aus BCF importiert`,
  },
  en: {
    approved: (open: number) => `Drawings approved (${plural(open, 'open markup', 'open markups')})`,
    revision: (titles: string[]) =>
      `Revision requested, ${plural(titles.length, 'open markup', 'open markups')}: ${titles.join('; ')}`.replace(
        /: $/,
        '',
      ),
    imported: (n: number) => `${plural(n, 'markup', 'markups')} imported from BCF`,
  },
  nl: {
    approved: (open: number) => `Tekeningen goedgekeurd (${plural(open, 'open opmerking', 'open opmerkingen')})`,
    revision: (titles: string[]) =>
      `Revisie aangevraagd, ${plural(titles.length, 'open opmerking', 'open opmerkingen')}: ${titles.join('; ')}`.replace(
        /: $/,
        '',
      ),
    imported: (n: number) => `${plural(n, 'opmerking', 'opmerkingen')} uit BCF geïmporteerd`,
  },
};

export function journalTexts(language: string) {
  return texts[language === 'en' || language === 'nl' ? language : 'de'];
}
