import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useOutlookWorld } from './test-outlook-world';

const world = useOutlookWorld();
const { get, call } = world;
const download = (who: Parameters<typeof call>[0], path: string) =>
  call(who, 'GET', `/api/data/portal/outlook/${path}`);

/** The lines of a CSV download, without its byte order mark. */
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

/** The first sheet of an XLSX download. */
async function firstSheet(res: LightMyRequestResponse) {
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('export', () => {
  it('holds the chart numbers as CSV in the user language and as XLSX', async () => {
    const chart = (await get('admin', 'volumes')).body;
    const csv = await download('admin', 'volumes/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe(
      'Werk;KW;Wochenbeginn;Bestellt und bestätigt;Bestellt;Geplant (Lieferlos ohne Bestellung);Erwartet (Liefertermin, noch kein Lieferlos);Summe;Kapazität',
    );
    expect(lines).toHaveLength(1 + 2 * 26);
    expect(lines[1]).toBe('Werk Eins;2026-W50;07.12.2026;10;20;0;57;87;80');
    expect(lines[27]).toBe('Werk Zwei;2026-W50;07.12.2026;0;0;40;0;40;');

    const xlsx = await download('admin', 'volumes/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const sheet = await firstSheet(xlsx);
    // Every category figure of the chart is in the sheet, at its plant and week.
    const found: Record<string, number> = {};
    const categories = ['confirmed', 'ordered', 'planned', 'expected'];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = row.values as unknown[];
      const plant = values[1] === 'Werk Eins' ? world.w.p1.plant_id : world.w.p2.plant_id;
      const weekStart = (values[3] as Date).toISOString().slice(0, 10);
      categories.forEach((c, i) => {
        if (values[4 + i] !== 0) found[`${plant}|${weekStart}|${c}`] = values[4 + i] as number;
      });
    });
    expect(found).toEqual(
      Object.fromEntries(
        chart.rows.map((r: { plantId: number; weekStart: string; category: string; volume: number }) => [
          `${r.plantId}|${r.weekStart}|${r.category}`,
          r.volume,
        ]),
      ),
    );
    const external = await download('external', 'volumes/export?format=csv');
    expect(external.statusCode).toBe(404);
  });
});

describe('export of the column and the figures', () => {
  it('holds the projects behind a column, as the dialog lists them', async () => {
    const query = `week=2026-12-07&plant=${world.w.p1.plant_id}`;
    const csv = await download('admin', `entries/export?${query}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('.csv');
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe('Datum;Projektnr.;Projekt;Freigabelos;Lieferlos;Status;Menge');
    const listed = (await get('admin', `entries?${query}`)).body.data as { volume: number }[];
    expect(lines).toHaveLength(1 + listed.length);
    expect(lines.slice(1).map((l) => Number(l.split(';')[6]!.replace(',', '.')))).toEqual(listed.map((e) => e.volume));
    expect(lines[1]).toMatch(/^07\.12\.2026;[^;]*;Projekt X;/);

    const xlsx = await download('admin', `entries/export?${query}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const volumes: number[] = [];
    (await firstSheet(xlsx)).eachRow((row, n) => {
      if (n > 1) volumes.push((row.values as unknown[])[7] as number);
    });
    expect(volumes).toEqual(listed.map((e) => e.volume));
    // Another sales organisation's user gets its own column only; external users nothing.
    const forB = (await get('b', `entries?${query}`)).body.data as { projectTitle: string }[];
    expect(forB.length).toBeLessThan(listed.length);
    const linesForB = csvLines((await download('b', `entries/export?${query}&format=csv`)).body).slice(1);
    expect(linesForB.map((l) => l.split(';')[2])).toEqual(forB.map((e) => e.projectTitle));
    expect((await download('external', `entries/export?${query}&format=csv`)).statusCode).toBe(404);
    expect((await download('admin', `entries/export?${query}&format=pdf`)).statusCode).toBe(400);
  });

  it('holds the median days per state and the longest waiting projects', async () => {
    const states = csvLines((await download('admin', 'figures/export?table=states&format=csv')).body);
    expect(states[0]).toBe('Status;Median Tage;Übergänge');
    expect(states.slice(1).map((l) => l.split(';').slice(1).join(';'))).toEqual(['5;3', '5;1']);
    const waiting = csvLines((await download('admin', 'figures/export?table=waiting&format=csv')).body);
    expect(waiting.slice(1).map((l) => l.split(';')[2])).toEqual(['Projekt Y', 'Projekt Z', 'Projekt X']);
    const bad = await download('admin', 'figures/export?table=everything&format=csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('ValidationFailed');
    expect((await download('external', 'figures/export?table=states&format=csv')).statusCode).toBe(404);
  });
});
