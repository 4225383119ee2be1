/** Journal lines for delivery events, in the acting user's language (the journal shows them as written). */
const texts = {
  de: {
    dataChanged: (list: string) => `Lieferdaten geändert: ${list}`,
    lotConfirmed: (title: string, date: string) => `Lieferlos bestätigt (fest): ${title}, ${date}`,
    lotCreated: (title: string, date: string) => `Lieferlos angelegt: ${title}, ${date}`,
    lotChanged: (title: string, date: string) => `Lieferlos geändert: ${title}, ${date}`,
    lotDeleted: (title: string) => `Lieferlos gelöscht: ${title}`,
  },
  en: {
    dataChanged: (list: string) => `Delivery data changed: ${list}`,
    lotConfirmed: (title: string, date: string) => `Delivery lot confirmed (fixed): ${title}, ${date}`,
    lotCreated: (title: string, date: string) => `Delivery lot created: ${title}, ${date}`,
    lotChanged: (title: string, date: string) => `Delivery lot changed: ${title}, ${date}`,
    lotDeleted: (title: string) => `Delivery lot deleted: ${title}`,
  },
  nl: {
    dataChanged: (list: string) => `Leveringsgegevens gewijzigd: ${list}`,
    lotConfirmed: (title: string, date: string) => `Levering bevestigd (vast): ${title}, ${date}`,
    lotCreated: (title: string, date: string) => `Levering aangemaakt: ${title}, ${date}`,
    lotChanged: (title: string, date: string) => `Levering gewijzigd: ${title}, ${date}`,
    lotDeleted: (title: string) => `Levering verwijderd: ${title}`,
  },
};

export function deliveryJournalTexts(language: string) {
  return texts[language === 'en' || language === 'nl' ? language : 'de'];
}
