/**
 * iCalendar (RFC 5545) text: escaping of TEXT values (§3.3.11), lines folded at 75 octets
 * (§3.1, never inside a UTF-8 sequence), CRLF line ends.
 */

export type IcsEvent = {
  uid: string;
  /** Last change of the event (UTC), used for DTSTAMP and LAST-MODIFIED. */
  stamp: Date;
  /** All-day event on this day (YYYY-MM-DD). */
  day: string;
  summary: string;
  description: string;
  url: string;
  status: 'CONFIRMED' | 'TENTATIVE';
};

/** TEXT escaping: backslash, semicolon, comma, and line breaks as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line: at most 75 octets per physical line, continuations start with a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      out.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

const basicDate = (isoDay: string) => isoDay.replace(/-/g, '');

function nextDay(isoDay: string): string {
  const [y = 0, m = 1, d = 1] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A whole VCALENDAR with one all-day VEVENT per event. */
export function renderCalendar(name: string, events: IcsEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Planport//Delivery dates//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(e.stamp)}`,
      `LAST-MODIFIED:${utcStamp(e.stamp)}`,
      `DTSTART;VALUE=DATE:${basicDate(e.day)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(e.day))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `URL:${e.url}`,
      `STATUS:${e.status}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
