/**
 * The client half of the list contract (`schemas/list.ts`): builds the OData `$filter` text the
 * server's `parseListQuery` reads. Values are always quoted literals (a quote doubled), so any
 * text a user types stays one value; the server turns each literal into a bind parameter.
 */

/** An OData text literal: `'it''s'`. */
export const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** `contains(field,'text')`: case-insensitive substring on the server. */
export const contains = (field: string, text: string): string => `contains(${field},${literal(text)})`;

/** `field eq 'text'`. */
export const eq = (field: string, value: string): string => `${field} eq ${literal(value)}`;

/** `field in ('a','b')`. */
export const inList = (field: string, values: readonly string[]): string =>
  `${field} in (${values.map(literal).join(',')})`;

/** The parts joined with `and`; empty parts are left out, no parts gives undefined. */
export function and(...parts: (string | undefined | false)[]): string | undefined {
  const present = parts.filter((p): p is string => !!p);
  return present.length > 0 ? present.join(' and ') : undefined;
}

/** List paging as OData options: page 1-based, `$count=true` so the pager knows the total. */
export function pageParams(page: number, pageSize: number, extra: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams({ $top: String(pageSize), $skip: String((page - 1) * pageSize), $count: 'true' });
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) params.set(key, value);
  return params;
}
