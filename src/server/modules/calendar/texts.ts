/** Texts of the calendar feed, in the feed owner's language. */
const texts = {
  de: {
    calendarName: 'Planport – Liefertermine',
    type: { 0: 'Fest', 1: 'Auf Abruf', 2: 'Geplant' },
    deliveryType: 'Lieferart',
    requested: 'Wunschtermin',
    confirmed: 'Bestätigter Termin',
    approvalLots: 'Freigabelose',
    link: 'Lieferübersicht',
  },
  en: {
    calendarName: 'Planport – delivery dates',
    type: { 0: 'Fixed', 1: 'On call', 2: 'Planned' },
    deliveryType: 'Delivery type',
    requested: 'Requested date',
    confirmed: 'Confirmed date',
    approvalLots: 'Approval lots',
    link: 'Delivery overview',
  },
  nl: {
    calendarName: 'Planport – leverdata',
    type: { 0: 'Vast', 1: 'Op afroep', 2: 'Gepland' },
    deliveryType: 'Leveringstype',
    requested: 'Gewenste datum',
    confirmed: 'Bevestigde datum',
    approvalLots: 'Vrijgavelots',
    link: 'Leveringsoverzicht',
  },
};

export function calendarTexts(language: string) {
  return texts[language === 'en' || language === 'nl' ? language : 'de'];
}
