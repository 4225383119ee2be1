/** Journal lines for site address and contact changes, in the acting user's language (old → new). */
const texts = {
  de: {
    address: (unit: string, before: string, after: string) => `Baustellenadresse von ${unit}: ${before} → ${after}`,
    contact: (unit: string, before: string, after: string) =>
      `Ansprechpartner Baustelle von ${unit}: ${before} → ${after}`,
    none: '(keine)',
  },
  en: {
    address: (unit: string, before: string, after: string) => `Site address of ${unit}: ${before} → ${after}`,
    contact: (unit: string, before: string, after: string) => `Site contact of ${unit}: ${before} → ${after}`,
    none: '(none)',
  },
  nl: {
    address: (unit: string, before: string, after: string) => `Bouwplaatsadres van ${unit}: ${before} → ${after}`,
    contact: (unit: string, before: string, after: string) =>
      `Contactpersoon bouwplaats van ${unit}: ${before} → ${after}`,
    none: '(geen)',
  },
};

export function siteJournalTexts(language: string) {
  return texts[language === 'en' || language === 'nl' ? language : 'de'];
}
