import ExcelJS from 'exceljs';
import {
  OUTLOOK_CATEGORIES,
  type OutlookEntry,
  type OutlookFigures,
  type OutlookVolumes,
} from '../../../shared/schemas/outlook';
import { localeOfLanguage } from '../../../shared/schemas/common';
import { serverLanguage, t as translate } from '../../platform/i18n';

/** The table behind the volumes chart: one row per plant and week, as the chart stacks it. */
export function volumeTable(volumes: OutlookVolumes, language: string) {
  const t = (key: string) => translate(language, `OUTLOOK.${key}`);
  const header = [
    t('Plant'),
    t('Week'),
    t('WeekStart'),
    ...OUTLOOK_CATEGORIES.map((c) => t(`Category.${c}`)),
    t('Total'),
    t('Capacity'),
  ];
  const rows: (string | number | null)[][] = [];
  for (const plant of volumes.plants) {
    for (const week of volumes.weeks) {
      const values = OUTLOOK_CATEGORIES.map(
        (c) =>
          volumes.rows.find((r) => r.plantId === plant.plantId && r.weekStart === week.weekStart && r.category === c)
            ?.volume ?? 0,
      );
      const total = Math.round(values.reduce((s, v) => s + v, 0) * 1000) / 1000;
      rows.push([plant.name ?? t('NoPlant'), week.isoWeek, week.weekStart, ...values, total, plant.weeklyCapacity]);
    }
  }
  return { header, rows };
}

type Table = { header: string[]; rows: (string | number | null)[][] };

/** The projects and lots behind one column, as the dialog lists them. */
export function entriesTable(entries: OutlookEntry[], language: string): Table {
  const t = (key: string) => translate(language, `OUTLOOK.${key}`);
  return {
    header: [t('Day'), t('ProjectNo'), t('Project'), t('ApprovalLot'), t('DeliveryLot'), t('State'), t('Volume')],
    rows: entries.map((e) => [
      e.day,
      e.projectNo,
      e.projectTitle,
      e.unitTitle,
      e.lotTitle,
      t(`Category.${e.category}`),
      e.volume,
    ]),
  };
}

/** The figures' tables: median days per workflow state, or the projects waiting longest. */
export function figuresTable(figures: OutlookFigures, table: 'states' | 'waiting', language: string): Table {
  const t = (key: string) => translate(language, `OUTLOOK.${key}`);
  const state = (key: string) => translate(language, `STATES.${key}`);
  if (table === 'states') {
    return {
      header: [t('State'), t('MedianDays'), t('Transitions')],
      rows: figures.states.map((s) => [state(s.stateKey), s.medianDays, s.transitions]),
    };
  }
  return {
    header: [t('State'), t('ProjectNo'), t('Project'), t('Since')],
    rows: figures.waiting.map((w) => [state(w.stateKey), w.projectNo, w.projectTitle, w.stateSince.slice(0, 10)]),
  };
}

/**
 * CSV in the user's conventions: German and Dutch use the decimal comma and therefore the
 * semicolon as separator (what their spreadsheet programs open directly), English the comma;
 * days in the locale's short form. A BOM lets spreadsheet programs read UTF-8.
 */
export function toCsv(table: Table, language: string): string {
  const locale = localeOfLanguage[serverLanguage(language)];
  const separator = language === 'en' ? ',' : ';';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: false });
  const date = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  const cell = (v: string | number | null) => {
    if (v === null) return '';
    if (typeof v === 'number') return quote(number.format(v), separator);
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return date.format(new Date(`${v}T00:00:00Z`));
    return quote(v, separator);
  };
  const lines = [table.header, ...table.rows].map((r) => r.map(cell).join(separator));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function quote(v: string, separator: string): string {
  // A leading =, +, - or @ would be run as a formula by spreadsheet programs.
  const safe = /^[=+\-@]/.test(v) && Number.isNaN(Number(v.replace(',', '.'))) ? `'${v}` : v;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** XLSX with real numbers and dates; Excel shows them in the reader's own number format. */
export async function toXlsx(table: Table, sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(table.header).font = { bold: true };
  for (const r of table.rows) {
    sheet.addRow(
      r.map((v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : v)),
    );
  }
  table.header.forEach((_, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = i === 0 ? 24 : 16;
    const sample = table.rows.find((r) => r[i] !== null)?.[i] ?? null;
    if (typeof sample === 'number' || sample === null) column.numFmt = '#,##0.0##';
    if (typeof sample === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(sample)) column.numFmt = 'dd.mm.yyyy';
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
