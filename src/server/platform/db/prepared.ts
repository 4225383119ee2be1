import type { Compilable, CompiledQuery } from 'kysely';
import type { Database } from './database';

/**
 * Ends the text of every statement of `preparedQuery`: such a statement may run with a generic
 * plan (pglite-statements.ts), as its plan does not depend on the values it is run with.
 */
export const GENERIC_PLAN_MARK = '/* generic plan */';

/**
 * Every other statement is planned for its own values on every run: a generic plan, chosen after
 * five runs when it looks no dearer, made chunked imports over freshly staged rows many times slower.
 */
export const PLAN_CACHE_MODE = 'force_custom_plan';

type Arg = number | string;
type Entry<R> = { query: CompiledQuery<R>; slots: number[] };

/** Stand-ins for the arguments while compiling: values no id or token takes, so their places are known. */
const standIn = (value: Arg, i: number) => (typeof value === 'number' ? -987_654_321 - i : `\u0000stand-in ${i}`);

function compileWithStandIns<R, A extends Arg[]>(build: (...args: A) => Compilable<R>, args: A): Entry<R> {
  const standIns = args.map(standIn) as A;
  const built = build(...standIns).compile();
  const query = { ...built, sql: `${built.sql}\n${GENERIC_PLAN_MARK}` };
  const slots = query.parameters.map((p) => standIns.indexOf(p as Arg));
  for (let i = 0; i < args.length; i++)
    if (!slots.includes(i)) throw new Error(`the prepared query does not use its argument ${i + 1}`);
  return { query, slots };
}

function withValues<R>({ query, slots }: Entry<R>, args: Arg[]): CompiledQuery<R> {
  return { ...query, parameters: query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p)) };
}

/**
 * A statement that requests run again and again, built and compiled once per database and then
 * run with each request's values (building and compiling a query costs more than running it).
 * `build` is called once with stand-ins; every parameter equal to one of them takes that
 * argument's value on each call, every other parameter stays as built (constants of the query).
 * Meant for lookups by key (a session, a unit and its path, a user's page of tasks), whose best
 * plan is the same for every value: the text carries GENERIC_PLAN_MARK.
 */
export function preparedQuery<R, A extends Arg[]>(
  build: (db: Database, ...args: A) => Compilable<R>,
): (db: Database, ...args: A) => CompiledQuery<R> {
  const compiled = new WeakMap<Database, Entry<R>>();
  return (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      entry = compileWithStandIns((...a: A) => build(db, ...a), args);
      compiled.set(db, entry);
    }
    return withValues(entry, args);
  };
}

/**
 * The same for a statement of a few shapes (a list's order, with or without a unit): `shape`
 * names one and `build` builds it; at most `capacity` shapes are kept per database, others are
 * built on every call.
 */
export function preparedQueryByShape<R, A extends Arg[]>(
  build: (db: Database, shape: string, ...args: A) => Compilable<R>,
  capacity = 20,
): (db: Database, shape: string, ...args: A) => CompiledQuery<R> {
  const compiled = new WeakMap<Database, Map<string, Entry<R>>>();
  return (db, shape, ...args) => {
    let shapes = compiled.get(db);
    if (!shapes) compiled.set(db, (shapes = new Map()));
    let entry = shapes.get(shape);
    if (!entry) {
      entry = compileWithStandIns((...a: A) => build(db, shape, ...a), args);
      if (shapes.size < capacity) shapes.set(shape, entry);
    }
    return withValues(entry, args);
  };
}
