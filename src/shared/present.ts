/**
 * The value, or a clear error when it is missing: for lookups that must succeed (a row just
 * written, a list entry a test arranged). Keeps `noUncheckedIndexedAccess` honest without `!`.
 */
export function present<T>(value: T | null | undefined, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, found none`);
  return value;
}
