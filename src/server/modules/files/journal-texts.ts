/** Journal lines for file events, in the acting user's language (the journal shows them as written). */
const texts = {
  de: {
    uploaded: (name: string) => `Datei hochgeladen: ${name}`,
    newVersion: (name: string, v: number) => `Neue Version ${v} hochgeladen: ${name}`,
    deleted: (name: string) => `Datei gelöscht: ${name}`,
  },
  en: {
    uploaded: (name: string) => `File uploaded: ${name}`,
    newVersion: (name: string, v: number) => `New version ${v} uploaded: ${name}`,
    deleted: (name: string) => `File deleted: ${name}`,
  },
  nl: {
    uploaded: (name: string) => `Bestand geüpload: ${name}`,
    newVersion: (name: string, v: number) => `Nieuwe versie ${v} geüpload: ${name}`,
    deleted: (name: string) => `Bestand verwijderd: ${name}`,
  },
};

export function journalTexts(language: string) {
  return texts[language === 'en' || language === 'nl' ? language : 'de'];
}
