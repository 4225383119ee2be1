/**
 * How long a text that comes in may be, and how many items a list may hold: the one place request
 * schemas take their maxima from. Every input is cut off by its schema before it is interpreted
 * (patterns, JSONPath, PDF layout), so the work one request causes stays bounded.
 */
export const LIMITS = {
  /** Names of people, companies, plants, product types, roles. */
  name: 200,
  /** Titles of projects, units, topics, tasks, documents. */
  title: 500,
  /** Comments, notes, messages (multi-line). */
  comment: 4000,
  /** One value of the information sheet (text or textarea, and each entry of a list value). */
  sheetValue: 4000,
  /** Entries of one list value of the information sheet (chips, block-type cells). */
  sheetListItems: 200,
  /** Sheets in saved sheet data (with `_versions`), and values in one sheet. */
  sheetCount: 100,
  sheetValuesPerSheet: 300,
  /** A sheet or control name as a key of saved sheet data. */
  sheetKey: 64,
  /** A search text. */
  search: 200,
  /** A short code, key or token (ids of enums, setting keys, colours). */
  code: 100,
  /** An e-mail address (RFC 5321). */
  email: 320,
  /** A URL. */
  url: 2000,
  /** Items of a list in one request body (ids to move, members to add, …). */
  listItems: 1000,
} as const;

/** The largest id (and whole number) a database `integer` column holds. */
export const MAX_INT = 2_147_483_647;
