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

/** Stand-ins for the arguments while compiling: values no id or token takes, so their places are known. */
const standIn = (value: number | string, i: number) =>
  typeof value === 'number' ? -987_654_321 - i : `\u0000stand-in ${i}`;

/**
 * A statement that requests run again and again, built and compiled once per database and then
 * run with each request's values (building and compiling a query costs more than running it).
 * `build` is called once with stand-ins; every parameter equal to one of them takes that
 * argument's value on each call, every other parameter stays as built (constants of the query).
 * Meant for lookups by key (a session, a unit and its path), whose best plan is the same for
 * every value: the text carries GENERIC_PLAN_MARK.
 */
export function preparedQuery<R, A extends (number | string)[]>(
  build: (db: Database, ...args: A) => Compilable<R>,
): (db: Database, ...args: A) => CompiledQuery<R> {
  const compiled = new WeakMap<Database, { query: CompiledQuery<R>; slots: number[] }>();
  return (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const standIns = args.map(standIn) as A;
      const built = build(db, ...standIns).compile();
      const query = { ...built, sql: `${built.sql}\n${GENERIC_PLAN_MARK}` };
      const slots = query.parameters.map((p) => standIns.indexOf(p as number | string));
      for (let i = 0; i < args.length; i++)
        if (!slots.includes(i)) throw new Error(`the prepared query does not use its argument ${i + 1}`);
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    return { ...query, parameters };
  };
}
