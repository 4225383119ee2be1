import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, renderCalendar } from './ics';

const physicalLines = (text: string) => text.split('\r\n').slice(0, -1);

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 sequence; unfolding gives the line back', () => {
    const line = `SUMMARY:${'Lieferung für Straße €–'.repeat(12)}`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('renders all-day events that a calendar parser reads back unchanged', () => {
    const summary = 'P-1 Bürogebäude Hafenkante, Nord; Bauteil A: Lieferung 2 – EG Innenwände (Kran, 40 t)'.repeat(2);
    const description = 'Lieferart: Auf Abruf\nWunschtermin: 2026-12-23\nPfad: C:\\Pläne';
    const text = renderCalendar('Planport – Liefertermine', [
      {
        uid: 'delivery-lot-7@planport.test',
        stamp: new Date('2026-11-21T10:00:00.123Z'),
        day: '2026-12-31',
        summary,
        description,
        url: 'https://planport.test/home/app/project/delivery-overview/4',
        status: 'TENTATIVE',
      },
    ]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    for (const line of physicalLines(text)) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]);
    expect(event.uid).toBe('delivery-lot-7@planport.test');
    expect(event.summary).toBe(summary);
    expect(event.description).toBe(description);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-31');
    expect(event.endDate.toString()).toBe('2027-01-01');
    expect(events[0]!.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-21T10:00:00Z');
  });
});
