import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { LINTEL_TYPES } from '../../../shared/rules/lintel';
import { isStorableText, MAX_INT } from '../../../shared/schemas/common';
import type { CatalogueKind, ImportProblem } from '../../../shared/schemas/orders';

/**
 * Splits CSV text into rows of cells: `;` or `,` (whichever the header has more of), double
 * quotes, a byte-order mark, CRLF; blank lines are dropped. Throws on text that is not CSV.
 */
export function parseCsv(text: string): string[][] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = parse(text, { delimiter, bom: true, relax_column_count: true, relax_quotes: true });
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

// Cell schemas: the issue message is the problem's reason (CATALOGUE.Problems.*).
// Every cell: no NUL, lone surrogate, control or format character; numbers within their column's range.
const cell = z
  .string()
  .refine((v) => isStorableText(v) && !/[\p{Cc}\p{Cf}]/u.test(v), { error: 'InvalidCharacters', abort: true })
  .normalize('NFC')
  .trim();
const required = cell.min(1, { error: 'Required', abort: true });
const text = required.max(200, 'TooLong');
const wholeNumber = required
  .regex(/^\d+$/, 'NotAWholeNumber')
  .transform(Number)
  .refine((n) => n <= MAX_INT, 'TooLarge');
const positiveInt = wholeNumber.refine((n) => n > 0, 'NotPositive');
/** `numeric(8,3)` in the database: up to 99 999.999. */
const positiveDecimal = required
  .regex(/^\d+([.,]\d+)?$/, 'NotANumber')
  .transform((v) => Number(v.replace(',', '.')))
  .refine((n) => n > 0, 'NotPositive')
  .refine((n) => n < 100_000, 'TooLarge');
const truthy = ['true', '1', 'yes', 'ja', 'x'];
const falsy = ['false', '0', 'no', 'nein'];
const bool = required
  .toLowerCase()
  .refine((v) => truthy.includes(v) || falsy.includes(v), 'NotABoolean')
  .transform((v) => truthy.includes(v));
const lintelType = required.pipe(z.enum(LINTEL_TYPES, { error: 'UnknownLintelType' }));
/** An optional column: empty or missing is undefined (the row's transform puts the default). */
const optional = <T>(schema: z.ZodType<T, string>) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Optional titles per language beside the base title (`titleDe`, `titleEn`, `titleNl`). */
const titleColumns = { titleDe: optional(text), titleEn: optional(text), titleNl: optional(text) };
type TitleColumns = { titleDe?: string; titleEn?: string; titleNl?: string };
/** The titles given, by language (an empty object without any). */
const titlesByLanguage = (r: TitleColumns) =>
  Object.fromEntries(
    Object.entries({ de: r.titleDe, en: r.titleEn, nl: r.titleNl }).filter(([, v]) => v !== undefined),
  ) as Partial<Record<'de' | 'en' | 'nl', string>>;

/** One catalogue line per kind, keyed by the header's column names, in the report's column order. */
const aacRowSchema = z
  .object({
    articleNo: text,
    title: text,
    thicknessMm: positiveInt,
    widthMm: positiveInt,
    minLengthMm: positiveInt,
    maxLengthMm: positiveInt,
    lengthStepMm: optional(positiveInt),
    palletCapacity: positiveDecimal,
    colorIndex: optional(wholeNumber),
    active: optional(bool),
    ...titleColumns,
  })
  .transform((r) => ({
    article_no: r.articleNo,
    title: r.title,
    title_by_language: titlesByLanguage(r),
    thickness_mm: r.thicknessMm,
    width_mm: r.widthMm,
    min_length_mm: r.minLengthMm,
    max_length_mm: r.maxLengthMm,
    length_step_mm: r.lengthStepMm ?? 20,
    pallet_capacity: r.palletCapacity,
    color_index: r.colorIndex ?? 0,
    active: r.active ?? true,
  }));

const lintelRowSchema = z
  .object({
    itemNo: text,
    title: text,
    type: lintelType,
    thicknessMm: positiveInt,
    lengthMm: positiveInt,
    heightMm: positiveInt,
    piecesPerPallet: positiveInt,
    active: optional(bool),
    ...titleColumns,
  })
  .transform((r) => ({
    item_no: r.itemNo,
    title: r.title,
    title_by_language: titlesByLanguage(r),
    lintel_type: r.type,
    thickness_mm: r.thicknessMm,
    length_mm: r.lengthMm,
    height_mm: r.heightMm,
    pieces_per_pallet: r.piecesPerPallet,
    active: r.active ?? true,
  }));

/** A parsed catalogue row: the product's columns in database form. */
export type AacCsvRow = z.output<typeof aacRowSchema>;
export type LintelCsvRow = z.output<typeof lintelRowSchema>;

const schemas = { aac: aacRowSchema, lintel: lintelRowSchema };
const optionalColumns = new Set(['lengthStepMm', 'colorIndex', 'active', ...Object.keys(titleColumns)]);
export const catalogueColumns = {
  aac: Object.keys(aacRowSchema.in.shape),
  lintel: Object.keys(lintelRowSchema.in.shape),
};

const problem = (row: number, column: string | null, reason: string, value: string | null = null): ImportProblem => ({
  row,
  column,
  reason: `CATALOGUE.Problems.${reason}`,
  value,
});

/** The rules a single line cannot express: length range and grid (AAC). */
function aacRangeProblem(line: number, row: AacCsvRow): ImportProblem | null {
  if (row.max_length_mm < row.min_length_mm)
    return problem(line, 'maxLengthMm', 'MaxBelowMin', String(row.max_length_mm));
  if (row.length_step_mm !== 20) return problem(line, 'lengthStepMm', 'StepMustBe20', String(row.length_step_mm));
  if (row.min_length_mm % 20 !== 0 || row.max_length_mm % 20 !== 0)
    return problem(line, 'minLengthMm', 'LengthOffGrid', `${row.min_length_mm}–${row.max_length_mm}`);
  return null;
}

export type CatalogueParseResult<T> = { rows: T[]; problems: ImportProblem[]; lines: number };

/**
 * Validates a whole catalogue file. Row numbers are the file's line numbers (header = 1),
 * so the report points at what the admin sees in a spreadsheet; `lines` counts the data lines.
 */
export function readCatalogueCsv(kind: 'aac', text: string): CatalogueParseResult<AacCsvRow>;
export function readCatalogueCsv(kind: 'lintel', text: string): CatalogueParseResult<LintelCsvRow>;
export function readCatalogueCsv(kind: CatalogueKind, text: string): CatalogueParseResult<AacCsvRow | LintelCsvRow> {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch {
    return { rows: [], problems: [problem(1, null, 'Malformed')], lines: 0 };
  }
  const lines = Math.max(0, table.length - 1);
  const schema = schemas[kind];
  const columns = catalogueColumns[kind];
  const header = (table[0] ?? []).map((h) => h.trim());
  const problems: ImportProblem[] = [];
  for (const name of columns)
    if (!optionalColumns.has(name) && !header.includes(name)) problems.push(problem(1, name, 'MissingColumn'));
  if (table.length < 2) problems.push(problem(1, null, 'NoRows'));
  if (problems.length > 0) return { rows: [], problems, lines };

  const rows: (AacCsvRow | LintelCsvRow)[] = [];
  const seen = new Set<string>();
  table.slice(1).forEach((cells, i) => {
    const line = i + 2;
    if (cells.length > header.length) return problems.push(problem(line, null, 'TooManyCells'));
    const raw = Object.fromEntries(columns.map((name) => [name, cells[header.indexOf(name)] ?? '']));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '');
        if (reported.has(column)) continue;
        reported.add(column);
        problems.push(problem(line, column, issue.message, raw[column]?.trim() || null));
      }
      return;
    }
    const row = parsed.data;
    const key = 'article_no' in row ? row.article_no : row.item_no;
    if (seen.has(key.toLowerCase()))
      return problems.push(problem(line, kind === 'aac' ? 'articleNo' : 'itemNo', 'Duplicate', key));
    seen.add(key.toLowerCase());
    const rangeProblem = 'article_no' in row ? aacRangeProblem(line, row) : null;
    if (rangeProblem) problems.push(rangeProblem);
    else rows.push(row);
  });
  return { rows, problems, lines };
}
