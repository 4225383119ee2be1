/**
 * The one list helper of the app: OData-style `$filter`, `$orderby`, `$top`, `$skip`, `$count`
 * on any list endpoint (project lists now; journal, search, delivery overview, banners later).
 *
 * - Parsing is done by `@balena/odata-parser` (docs/decisions/005-list-query.md); its AST keeps
 *   every literal apart as a bind, and this module turns the AST into Kysely expressions in which
 *   each value is a query parameter and each column comes from the resource's allowlist. No part
 *   of the request text is ever concatenated into SQL.
 * - A resource declares its fields: API name → SQL column (as Kysely reference, e.g. `u.title`)
 *   and type. An unknown field, a value of the wrong type or an unsupported construct answers
 *   400 `ValidationFailed`, the message naming the field or construct (`reference` is the option).
 * - Supported: `eq ne gt ge lt le`, `and or not`, `in (…)`, `contains(f,'x')`, `startswith(f,'x')`,
 *   `endswith(f,'x')` (case-insensitive ILIKE with `%`, `_` and `\` escaped), `eq null`/`ne null`.
 *   Literals: `'text'` (quote doubled to escape), numbers, `true`/`false`, `null`,
 *   `datetime'2026-01-31T10:00:00Z'`, `date'2026-01-31'`.
 * - Response shape of every list: `{ data: [...], count }`; `count` is the number of rows matching
 *   the filter (before paging), present when the request says `$count=true`.
 */
import odataParser from '@balena/odata-parser';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListQueryString } from '../../shared/schemas/list';
import { AppError } from '../../shared/errors';
import { MAX_INT } from '../../shared/schemas/common';

/**
 * `number` is a whole number an `integer` column holds (−2147483648…2147483647); `decimal` is any
 * finite number below 10¹⁵ in size (for `numeric` columns); `date` a real day or moment in years
 * 1…9999. A value out of its column's range answers 400 naming the field, never a database error.
 */
export type FieldType = 'text' | 'number' | 'decimal' | 'date' | 'boolean';
export type ListField = { column: string; type: FieldType; sortable?: boolean; filterable?: boolean };

export type ListResource = {
  /** API field name → SQL column and type. Fields not listed here cannot be filtered or sorted. */
  fields: Record<string, ListField>;
  defaultOrder: { field: string; direction: 'asc' | 'desc' }[];
  /** A unique column appended to every order so that pages are stable. */
  tieBreaker: string;
  defaultTop: number;
  maxTop: number;
};

export type OrderTerm = { column: string; direction: 'asc' | 'desc' };

export type ListQuery = {
  /** The WHERE expression of `$filter` for Kysely's `.where(…)`; undefined without a filter. */
  where: Expression<SqlBool> | undefined;
  orderBy: OrderTerm[];
  top: number;
  skip: number;
  count: boolean;
};

const MAX_NODES = 100;

type Bind = [string, unknown];
type Node = unknown;

/**
 * A refused list query as a message key the client translates; the option and field named travel
 * as params, so an API client still sees which part was refused.
 */
function invalid(reference: string, message: string, params?: Record<string, string | number>): AppError {
  return new AppError('ValidationFailed', [
    { messageType: 'Error', message, reference, ...(params ? { params } : {}) },
  ]);
}
const badQuery = (reference: string, field?: string) =>
  invalid(reference, 'VALIDATION.InvalidQuery', field ? { option: reference, field } : { option: reference });

/**
 * The parser expects URI text: it decodes `%xx` inside literals. Query strings arrive decoded,
 * so a literal `%` is escaped again to keep "50%" as typed.
 */
function toParserInput(text: string): string {
  return text.replace(/%/g, '%25');
}

function parseWith(rule: 'FilterByExpression' | 'QueryOptions', text: string, reference: string) {
  try {
    return odataParser.parse(toParserInput(text), { startRule: 'ProcessRule', rule }) as {
      tree: unknown;
      binds: Bind[];
    };
  } catch (err) {
    const detail = err instanceof Error ? err.message.slice(0, 200) : 'syntax error';
    throw invalid(reference, 'VALIDATION.InvalidQuery', { option: reference, detail });
  }
}

function fieldOf(resource: ListResource, node: Node, reference: string): ListField & { name: string } {
  const prop = node as { name?: unknown; property?: unknown } | null;
  if (!prop || typeof prop !== 'object' || typeof prop.name !== 'string') throw badQuery(reference);
  if (prop.property !== undefined) throw invalid(reference, 'VALIDATION.UnknownField', { field: `${prop.name}/…` });
  const field = Object.prototype.hasOwnProperty.call(resource.fields, prop.name)
    ? resource.fields[prop.name]
    : undefined;
  if (!field) throw invalid(reference, 'VALIDATION.UnknownField', { field: prop.name });
  return { ...field, name: prop.name };
}

function isField(node: Node): boolean {
  return (
    typeof node === 'object' &&
    node !== null &&
    !Array.isArray(node) &&
    typeof (node as { name?: unknown }).name === 'string'
  );
}

function isBind(node: Node): node is { bind: number } {
  return typeof node === 'object' && node !== null && typeof (node as { bind?: unknown }).bind === 'number';
}

/** The typed parameter value of a literal for a field; a mismatch answers 400 naming the field. */
function valueFor(field: ListField & { name: string }, bind: Bind | undefined): unknown {
  if (!bind) throw invalid('$filter', 'VALIDATION.InvalidType', { field: field.name });
  const [kind, value] = bind;
  const wrong = () => invalid('$filter', 'VALIDATION.InvalidType', { field: field.name, type: field.type });
  const outOfRange = () => badQuery('$filter', field.name);
  switch (field.type) {
    case 'text':
      if (kind !== 'Text' || typeof value !== 'string') throw wrong();
      return value;
    case 'number':
      if ((kind !== 'Real' && kind !== 'Integer') || typeof value !== 'number' || !Number.isInteger(value))
        throw wrong();
      if (value < -MAX_INT - 1 || value > MAX_INT) throw outOfRange();
      return value;
    case 'decimal':
      if ((kind !== 'Real' && kind !== 'Integer') || typeof value !== 'number' || !Number.isFinite(value))
        throw wrong();
      if (Math.abs(value) >= 1e15) throw outOfRange();
      return value;
    case 'boolean':
      if (kind !== 'Boolean' || typeof value !== 'boolean') throw wrong();
      return value;
    case 'date': {
      let date: Date | undefined;
      if ((kind === 'Date' || kind === 'Date Time') && typeof value === 'number') date = new Date(value);
      const match =
        kind === 'Text' && typeof value === 'string'
          ? /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value)
          : null;
      if (match) {
        date = new Date(value as string);
        // A day that does not exist (2027-02-30) is refused, not rolled over into March.
        const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
        if (day.toISOString().slice(0, 10) !== `${match[1]}-${match[2]}-${match[3]}`) throw wrong();
      }
      if (!date || Number.isNaN(date.getTime())) throw wrong();
      const year = date.getUTCFullYear();
      if (year < 1 || year > 9999) throw outOfRange();
      return date;
    }
  }
}

type Comparison = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
const comparison: Record<Comparison, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };
const mirrored: Record<Comparison, Comparison> = { eq: 'eq', ne: 'ne', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' };
const isComparison = (op: string): op is Comparison => op in comparison;

/** `%`, `_` and the escape character itself lose their LIKE meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function translate(resource: ListResource, node: Node, binds: Bind[], budget: { nodes: number }): Expression<SqlBool> {
  if (++budget.nodes > MAX_NODES) throw badQuery('$filter');
  if (!Array.isArray(node)) throw badQuery('$filter');
  const [op, ...args] = node as [string, ...Node[]];

  if (op === 'and' || op === 'or') {
    const parts = args.map((a) => translate(resource, a, binds, budget));
    const joiner = op === 'and' ? sql` and ` : sql` or `;
    return sql<SqlBool>`(${sql.join(parts, joiner)})`;
  }
  if (op === 'not') return sql<SqlBool>`not (${translate(resource, args[0], binds, budget)})`;

  if (isComparison(op)) {
    let [left, right] = args;
    let operator: Comparison = op;
    if (!isField(left) && isField(right)) {
      [left, right] = [right, left];
      operator = mirrored[op];
    }
    const field = fieldOf(resource, left, '$filter');
    if (field.filterable === false) throw badQuery('$filter', field.name);
    const column = sql.ref(field.column);
    if (right === null) {
      if (operator === 'eq') return sql<SqlBool>`${column} is null`;
      if (operator === 'ne') return sql<SqlBool>`${column} is not null`;
      throw badQuery('$filter', field.name);
    }
    if (!isBind(right)) throw badQuery('$filter', field.name);
    const value = valueFor(field, binds[right.bind]);
    return sql<SqlBool>`${column} ${sql.raw(comparison[operator])} ${value}`;
  }

  if (op === 'eqany') {
    const [left, right] = args;
    const field = fieldOf(resource, left, '$filter');
    if (field.filterable === false) throw badQuery('$filter', field.name);
    const list = isBind(right) ? binds[right.bind] : undefined;
    if (!list || list[0] !== 'List' || !Array.isArray(list[1]) || list[1].length === 0 || list[1].length > 100) {
      throw badQuery('$filter', field.name);
    }
    const values = (list[1] as Bind[]).map((b) => valueFor(field, b));
    return sql<SqlBool>`${sql.ref(field.column)} in (${sql.join(values)})`;
  }

  if (op === 'call') {
    const { method, args: callArgs } = args[0] as { method: string; args: Node[] };
    const patterns: Record<string, (s: string) => string> = {
      contains: (s) => `%${escapeLike(s)}%`,
      substringof: (s) => `%${escapeLike(s)}%`,
      startswith: (s) => `${escapeLike(s)}%`,
      endswith: (s) => `%${escapeLike(s)}`,
    };
    const pattern = patterns[method];
    if (!pattern || callArgs.length !== 2) throw badQuery('$filter');
    // OData v2 substringof('x', field) has its arguments the other way round.
    const [fieldNode, valueNode] = method === 'substringof' ? [callArgs[1], callArgs[0]] : callArgs;
    const field = fieldOf(resource, fieldNode, '$filter');
    if (field.type !== 'text' || field.filterable === false) throw badQuery('$filter', field.name);
    if (!isBind(valueNode)) throw badQuery('$filter');
    const text = valueFor(field, binds[valueNode.bind]) as string;
    return sql<SqlBool>`${sql.ref(field.column)} ilike ${pattern(text)} escape '\\'`;
  }

  throw badQuery('$filter');
}

/** Parses `$filter` into a Kysely expression factory (values as parameters, columns from the allowlist). */
export function parseFilter(resource: ListResource, filter: string | undefined): ListQuery['where'] {
  if (!filter?.trim()) return undefined;
  const { tree, binds } = parseWith('FilterByExpression', filter, '$filter');
  return translate(resource, tree, binds, { nodes: 0 });
}

/** Parses `$orderby`; a term without direction is ascending, as OData says. */
export function parseOrderBy(resource: ListResource, orderby: string | undefined): OrderTerm[] {
  const terms: OrderTerm[] = [];
  if (orderby?.trim()) {
    // The parser defaults a bare term to desc; OData's default is asc, so it is made explicit here.
    const explicit = orderby
      .split(',')
      .map((t) => t.trim())
      .map((t) => (/\s(asc|desc)$/i.test(t) ? t.replace(/\s+(asc|desc)$/i, (m) => m.toLowerCase()) : `${t} asc`))
      .join(',');
    const { tree } = parseWith('QueryOptions', `$orderby=${explicit}`, '$orderby');
    const properties = (
      tree as { $orderby?: { properties: { name: string; property?: unknown; order: 'asc' | 'desc' }[] } }
    ).$orderby?.properties;
    if (!properties) throw badQuery('$orderby');
    if (properties.length > 5) throw invalid('$orderby', 'VALIDATION.MaxValueReached', { max: 5 });
    for (const p of properties) {
      const field = fieldOf(resource, p, '$orderby');
      if (field.sortable === false) throw badQuery('$orderby', field.name);
      terms.push({ column: field.column, direction: p.order });
    }
  } else {
    for (const d of resource.defaultOrder)
      terms.push({ column: fieldOf(resource, { name: d.field }, '$orderby').column, direction: d.direction });
  }
  if (!terms.some((t) => t.column === resource.tieBreaker))
    terms.push({ column: resource.tieBreaker, direction: terms[0]?.direction ?? 'asc' });
  return terms;
}

/** Parses all list options of a request for a resource; 400 on anything not allowed. */
export function parseListQuery(resource: ListResource, query: ListQueryString): ListQuery {
  const top = query.$top ?? resource.defaultTop;
  if (top > resource.maxTop) throw invalid('$top', 'VALIDATION.MaxValueReached', { max: resource.maxTop });
  return {
    where: parseFilter(resource, query.$filter),
    orderBy: parseOrderBy(resource, query.$orderby),
    top,
    skip: query.$skip ?? 0,
    count: query.$count === 'true',
  };
}

/** ORDER BY clause of the parsed terms, for `.orderBy(orderBySql(list))`. */
export function orderBySql(list: Pick<ListQuery, 'orderBy'>) {
  return sql.join(
    list.orderBy.map((t) => sql`${sql.ref(t.column)} ${sql.raw(t.direction === 'desc' ? 'desc' : 'asc')}`),
  );
}

/**
 * The number of matches when a page tells it by itself: it ends before its size and is not an
 * empty page past the end. Undefined when only counting tells.
 */
export function countFromPage(list: Pick<ListQuery, 'top' | 'skip'>, rows: number): number | undefined {
  return rows < list.top && (rows > 0 || list.skip === 0) ? list.skip + rows : undefined;
}

/**
 * Runs a list: the base query (FROM, joins, access conditions and SELECT already applied)
 * gets the filter, the order and the page; with `$count=true` a second query counts the matches
 * unless the page itself tells their number (it ends before its size).
 * The count replaces the SELECT list, so a base with GROUP BY or DISTINCT must be wrapped in a
 * subquery (`db.selectFrom(base.as('x'))`) before it comes here.
 */
export async function fetchList<O>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any table set
  base: SelectQueryBuilder<any, any, O>,
  list: ListQuery,
): Promise<{ data: O[]; count?: number }> {
  const filtered = list.where ? base.where(list.where) : base;
  const page = filtered.orderBy(orderBySql(list)).limit(list.top).offset(list.skip);
  const data = await page.execute();
  if (!list.count) return { data };
  const told = countFromPage(list, data.length);
  if (told !== undefined) return { data, count: told };
  const counter = filtered.clearSelect().select(sql<number>`count(*)::int`.as('count'));
  const total = await counter.executeTakeFirstOrThrow();
  return { data, count: (total as unknown as { count: number }).count };
}
