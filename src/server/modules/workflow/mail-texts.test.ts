import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/schemas/common';
import { dailyStatusMail, reminderMail } from './mail-texts';

const task = { projectUnitNo: 'P-1', title: 'Los 1', rootTitle: 'Haus', stateKey: 'Finalized', link: 'https://x/1' };
const body = (lang: Language, kind: 'reminder' | 'escalation', days: number) =>
  reminderMail(lang, 'Erika', kind, days, task).text.split('\n')[2];

describe('workflow mail texts', () => {
  it('count working days with singular and plural', () => {
    expect(body('de', 'reminder', 1)).toContain('seit 1 Arbeitstag offen');
    expect(body('de', 'escalation', 2)).toContain('seit 2 Arbeitstagen offen');
    expect(body('en', 'reminder', 1)).toContain('for 1 working day.');
    expect(body('en', 'escalation', 3)).toContain('for 3 working days and');
    expect(body('nl', 'reminder', 1)).toContain('al 1 werkdag open');
    expect(body('nl', 'escalation', 5)).toContain('al 5 werkdagen open');
  });

  it('start the body with a capital after the greeting and name states by their labels', () => {
    for (const lang of ['de', 'en', 'nl'] as const) {
      expect(body(lang, 'reminder', 3)).toMatch(/^[A-Z]/);
      expect(body(lang, 'escalation', 3)).toMatch(/^[A-Z]/);
    }
    expect(reminderMail('de', 'Erika', 'reminder', 3, task).text).toContain('Haus – Los 1: Erledigt');
    expect(reminderMail('nl', 'Erika', 'reminder', 3, task).text.split('\n')[0]).toBe('Beste Erika,');
  });

  it('count the open tasks of the daily overview in the subject', () => {
    expect(dailyStatusMail('de', 'Erika', [task]).subject).toBe('Planport: 1 offene Aufgabe');
    expect(dailyStatusMail('en', 'Erika', [task, task]).subject).toBe('Planport: 2 open tasks');
    expect(dailyStatusMail('nl', 'Erika', [task]).subject).toBe('Planport: 1 openstaande taak');
    expect(dailyStatusMail('nl', '', [task, task]).text.split('\n')[0]).toBe('Geachte heer/mevrouw,');
  });
});
