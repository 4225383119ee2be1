/**
 * The hostile values the fuzz test puts into requests: values that broke the API from outside (ids
 * past int4, odd number forms, NUL, lone surrogates, bidi, bad days), the longest texts and the
 * worst cases of backtracking patterns.
 */
const hostileStrings = [
  '\u0000',
  'a\u0000b',
  'x\uD800y',
  '\uDC00',
  '\u202Eevil',
  '\u200B',
  '2027-02-30',
  '0000-01-01',
  '9999-99-99T99:99:99Z',
  ' 2',
  '0x10',
  '1.5',
  '1e3',
  '-1',
  '2147483648',
  '99999999999999999999',
  '',
  ' ',
  "'; drop table users; --",
  'ä'.repeat(3000),
  // Worst cases of backtracking patterns, far over every maximum length (the body limit allows them).
  `a@${'a.'.repeat(128 * 1024)}@`,
  `${' '.repeat(100_000)}x`,
  `${'0'.repeat(100_000)}!`,
];

/** The worst case of a backtracking pattern at a given length: `a@` + `a.`×k + `@`. */
export const worstCase = (length: number) => `a@${'a.'.repeat(length)}`.slice(0, Math.max(0, length - 1)) + '@';

/** What replaces one place of a valid body. */
export const hostileValues: unknown[] = [
  ...hostileStrings,
  2147483648,
  -2147483649,
  1.5,
  -1,
  0,
  1e308,
  Number.MAX_SAFE_INTEGER,
  null,
  true,
  [],
  {},
  [1, 2],
  { a: '\u0000' },
];

/** What replaces an id in a path or a query. */
export const hostileIds = [
  '0',
  '2147483648',
  '1.5',
  '0x10',
  ' 2',
  '-1',
  'abc',
  '\u0000',
  '01',
  '9'.repeat(30),
  '%C3%A4',
];

/** What a list's `$filter` gets. */
export const hostileFilters = [
  "title eq '\u0000'",
  'projectUnitID eq 2147483648',
  'projectUnitID eq 1.5',
  "stateSince ge '0000-01-01'",
  "stateSince ge '2027-02-30'",
  "stateSince ge datetime'0000-01-01T00:00:00Z'",
  'salesOrgID eq 99999999999',
  "contains(title,'\uD800')",
  'title eq',
  'not',
];
