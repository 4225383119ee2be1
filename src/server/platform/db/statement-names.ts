import type pg from 'pg';

/** Statements worth keeping prepared: queries and row changes. */
const REUSABLE = /^\s*(select|with|insert|update|delete)\b/i;
/** PostgreSQL's answer when a prepared statement's result columns changed under it (a schema change). */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * Names for the statements a server runs again and again, so each PostgreSQL connection parses
 * and analyses them once (a named prepared statement; each run is still planned for its values,
 * see PLAN_CACHE_MODE in database.ts). A text gets a name once it has been run `after` times, so one-off
 * statements (migrations, seeds, rare filters) stay unnamed, and at most `capacity` texts are
 * named, so every connection holds a bounded number of statements.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Map<string, number>();
  private next = 0;

  constructor(
    private readonly capacity = 300,
    private readonly after = 3,
  ) {}

  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= this.capacity || !REUSABLE.test(text)) return name;
    const count = (this.seen.get(text) ?? 0) + 1;
    if (count < this.after) {
      // Counting starts over rather than growing without bound.
      if (this.seen.size >= this.capacity * 10) this.seen.clear();
      this.seen.set(text, count);
      return undefined;
    }
    this.seen.delete(text);
    const fresh = `planport_${++this.next}`;
    this.names.set(text, fresh);
    return fresh;
  }

  /** After a schema change the text is prepared again under a new name. */
  forget(text: string): void {
    this.names.delete(text);
  }
}

/**
 * Makes a pool client run named statements: `query(text, values)` (Kysely's call) gets the
 * text's name. Other forms of `query` (cursors, config objects) pass through unchanged.
 */
export function nameStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name =
      typeof text === 'string' && Array.isArray(values) && args.length === 2 ? names.nameOf(text) : undefined;
    if (name === undefined) return query(...args);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if ((error as { code?: string }).code === CACHED_PLAN_CHANGED) names.forget(text as string);
      throw error;
    });
  };
}
