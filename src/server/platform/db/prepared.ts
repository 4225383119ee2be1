import type { Compilable, CompiledQuery } from 'kysely';
import type { Database } from './database';

/** Stand-ins for the arguments while compiling: values no id takes, so their places are known. */
const STAND_IN = -987_654_321;

/**
 * A statement that requests run again and again, built and compiled once per database and then
 * run with each request's values (building and compiling a query costs more than running it).
 * `build` is called once with stand-in numbers; every parameter equal to one of them takes that
 * argument's value on each call, every other parameter stays as built (constants of the query).
 */
export function preparedQuery<R, A extends number[]>(
  build: (db: Database, ...args: A) => Compilable<R>,
): (db: Database, ...args: A) => CompiledQuery<R> {
  const compiled = new WeakMap<Database, { query: CompiledQuery<R>; slots: number[] }>();
  return (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const standIns = args.map((_, i) => STAND_IN - i) as A;
      const query = build(db, ...standIns).compile();
      const slots = query.parameters.map((p) => (typeof p === 'number' ? standIns.indexOf(p) : -1));
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
