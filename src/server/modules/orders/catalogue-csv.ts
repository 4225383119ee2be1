import { LINTEL_TYPES, type LintelType } from '../../../shared/rules/lintel';
import type { CatalogueKind, ImportProblem } from '../../../shared/schemas/orders';

/** A parsed catalogue row: the product's columns in database form. */
export type AacCsvRow = {
  article_no: string;
  title: string;
  thickness_mm: number;
  width_mm: number;
  min_length_mm: number;
  max_length_mm: number;
  length_step_mm: number;
  pallet_capacity: number;
  color_index: number;
  active: boolean;
};

export type LintelCsvRow = {
  item_no: string;
  title: string;
  lintel_type: LintelType;
  thickness_mm: number;
  length_mm: number;
  height_mm: number;
  pieces_per_pallet: number;
  active: boolean;
};

type Column = { name: string; kind: 'text' | 'int' | 'decimal' | 'bool' | 'type'; optional?: boolean };

export const catalogueColumns: Record<CatalogueKind, Column[]> = {
  aac: [
    { name: 'articleNo', kind: 'text' },
    { name: 'title', kind: 'text' },
    { name: 'thicknessMm', kind: 'int' },
    { name: 'widthMm', kind: 'int' },
    { name: 'minLengthMm', kind: 'int' },
    { name: 'maxLengthMm', kind: 'int' },
    { name: 'lengthStepMm', kind: 'int', optional: true },
    { name: 'palletCapacity', kind: 'decimal' },
    { name: 'colorIndex', kind: 'int', optional: true },
    { name: 'active', kind: 'bool', optional: true },
  ],
  lintel: [
    { name: 'itemNo', kind: 'text' },
    { name: 'title', kind: 'text' },
    { name: 'type', kind: 'type' },
    { name: 'thicknessMm', kind: 'int' },
    { name: 'lengthMm', kind: 'int' },
    { name: 'heightMm', kind: 'int' },
    { name: 'piecesPerPallet', kind: 'int' },
    { name: 'active', kind: 'bool', optional: true },
  ],
};

/** Splits CSV text (`;` or `,`, detected from the header; double quotes) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const sep = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < clean.length; i++) {
    const ch = clean[i];
    if (quoted) {
      if (ch === '"' && clean[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && clean[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

const problem = (row: number, column: string | null, reason: string, value: string | null = null): ImportProblem => ({
  row,
  column,
  reason: `CATALOGUE.Problems.${reason}`,
  value,
});

function parseCell(col: Column, raw: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const v = raw.trim();
  if (v === '') return col.optional ? { ok: true, value: undefined } : { ok: false, reason: 'Required' };
  switch (col.kind) {
    case 'text':
      return v.length > 200 ? { ok: false, reason: 'TooLong' } : { ok: true, value: v };
    case 'int': {
      if (!/^\d+$/.test(v)) return { ok: false, reason: 'NotAWholeNumber' };
      const n = Number(v);
      return n > 0 || col.name === 'colorIndex' ? { ok: true, value: n } : { ok: false, reason: 'NotPositive' };
    }
    case 'decimal': {
      const n = Number(v.replace(',', '.'));
      if (!/^\d+([.,]\d+)?$/.test(v) || !Number.isFinite(n)) return { ok: false, reason: 'NotANumber' };
      return n > 0 ? { ok: true, value: n } : { ok: false, reason: 'NotPositive' };
    }
    case 'bool': {
      const b = v.toLowerCase();
      if (['true', '1', 'yes', 'ja', 'x'].includes(b)) return { ok: true, value: true };
      if (['false', '0', 'no', 'nein'].includes(b)) return { ok: true, value: false };
      return { ok: false, reason: 'NotABoolean' };
    }
    case 'type':
      return (LINTEL_TYPES as readonly string[]).includes(v)
        ? { ok: true, value: v }
        : { ok: false, reason: 'UnknownLintelType' };
  }
}

export type CatalogueParseResult<T> = { rows: T[]; problems: ImportProblem[] };

/**
 * Validates a whole catalogue file. Row numbers are the file's line numbers (header = 1),
 * so the report points at what the admin sees in a spreadsheet.
 */
export function readCatalogueCsv(kind: 'aac', text: string): CatalogueParseResult<AacCsvRow>;
export function readCatalogueCsv(kind: 'lintel', text: string): CatalogueParseResult<LintelCsvRow>;
export function readCatalogueCsv(kind: CatalogueKind, text: string): CatalogueParseResult<AacCsvRow | LintelCsvRow> {
  const table = parseCsv(text);
  const columns = catalogueColumns[kind];
  const problems: ImportProblem[] = [];
  const header = (table[0] ?? []).map((h) => h.trim());
  for (const col of columns)
    if (!col.optional && !header.includes(col.name)) problems.push(problem(1, col.name, 'MissingColumn'));
  if (table.length < 2) problems.push(problem(1, null, 'NoRows'));
  if (problems.length > 0) return { rows: [], problems };

  const rows: (AacCsvRow | LintelCsvRow)[] = [];
  const seen = new Map<string, number>();
  const keyColumn = kind === 'aac' ? 'articleNo' : 'itemNo';
  for (let i = 1; i < table.length; i++) {
    const line = i + 1;
    const cells = table[i];
    const values: Record<string, unknown> = {};
    let rowOk = true;
    if (cells.length > header.length) {
      problems.push(problem(line, null, 'TooManyCells'));
      continue;
    }
    for (const col of columns) {
      const idx = header.indexOf(col.name);
      const raw = idx >= 0 ? (cells[idx] ?? '') : '';
      const parsed = parseCell(col, raw);
      if (!parsed.ok) {
        problems.push(problem(line, col.name, parsed.reason, raw.trim() || null));
        rowOk = false;
      } else values[col.name] = parsed.value;
    }
    if (!rowOk) continue;
    const key = String(values[keyColumn]);
    const first = seen.get(key.toLowerCase());
    if (first !== undefined) {
      problems.push(problem(line, keyColumn, 'Duplicate', key));
      continue;
    }
    seen.set(key.toLowerCase(), line);
    if (kind === 'aac') {
      const row: AacCsvRow = {
        article_no: key,
        title: values.title as string,
        thickness_mm: values.thicknessMm as number,
        width_mm: values.widthMm as number,
        min_length_mm: values.minLengthMm as number,
        max_length_mm: values.maxLengthMm as number,
        length_step_mm: (values.lengthStepMm as number | undefined) ?? 20,
        pallet_capacity: values.palletCapacity as number,
        color_index: (values.colorIndex as number | undefined) ?? 0,
        active: (values.active as boolean | undefined) ?? true,
      };
      if (row.max_length_mm < row.min_length_mm)
        problems.push(problem(line, 'maxLengthMm', 'MaxBelowMin', String(row.max_length_mm)));
      else if (row.length_step_mm !== 20)
        problems.push(problem(line, 'lengthStepMm', 'StepMustBe20', String(row.length_step_mm)));
      else if (row.min_length_mm % 20 !== 0 || row.max_length_mm % 20 !== 0)
        problems.push(problem(line, 'minLengthMm', 'LengthOffGrid', `${row.min_length_mm}–${row.max_length_mm}`));
      else rows.push(row);
    } else {
      rows.push({
        item_no: key,
        title: values.title as string,
        lintel_type: values.type as LintelType,
        thickness_mm: values.thicknessMm as number,
        length_mm: values.lengthMm as number,
        height_mm: values.heightMm as number,
        pieces_per_pallet: values.piecesPerPallet as number,
        active: (values.active as boolean | undefined) ?? true,
      });
    }
  }
  return { rows, problems };
}
