import { t } from '../../platform/i18n';

/** Texts of the calendar feed, in the feed owner's language. */
export function calendarTexts(language: string) {
  const text = (key: string) => t(language, `CALENDAR.Feed.${key}`);
  return {
    calendarName: text('Name'),
    type: { 0: text('Type.0'), 1: text('Type.1'), 2: text('Type.2') },
    deliveryType: text('DeliveryType'),
    requested: text('Requested'),
    confirmed: text('Confirmed'),
    approvalLots: text('ApprovalLots'),
    link: text('Link'),
  };
}
