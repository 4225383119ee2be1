import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { PreparedStatements } from './pglite-statements';

/**
 * PGlite is a single connection. Kysely acquires a connection per query and keeps it
 * for a whole transaction, so a FIFO lock held from acquire to release makes every
 * transaction exclusive: no other request can see its uncommitted rows.
 */
class ConnectionLock {
  private tail: Promise<void> = Promise.resolve();
  /** Acquisitions not yet granted (the metrics' queue of the one connection). */
  waiting = 0;

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    this.waiting++;
    const ready = this.tail.then(() => {
      this.waiting--;
      return release;
    });
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

/**
 * Statements run synchronously inside the embedded database, on the event loop's thread. Run one
 * after another (a queue of waiting requests handed the connection on, or the statements of one
 * transaction), they would make one long task of the event loop, in which no other request is even
 * read. Once statements have followed each other for `sliceMs` without a pause, the next one waits
 * for the loop's next turn: requests that arrived meanwhile are read and queued, and the event
 * loop's longest task stays near `sliceMs` whatever the queue.
 */
export class StatementPacer {
  /** When the current run of back-to-back statements began, and when its last statement ended. */
  private sliceStart = 0;
  private lastEnd = -Infinity;

  constructor(
    private readonly sliceMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Resolves when the next statement may run: at once, or on the event loop's next turn. */
  async turn(): Promise<void> {
    const now = this.now();
    // A pause between two statements (another task of the loop ran) starts a new run.
    if (now - this.lastEnd > PAUSE_MS) this.sliceStart = now;
    else if (now - this.sliceStart >= this.sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      this.sliceStart = this.now();
    }
  }

  ended(): void {
    this.lastEnd = this.now();
  }
}

/** A gap between two statements that counts as a pause of the run (ms). */
const PAUSE_MS = 0.5;
/** The longest run of statements without a turn of the event loop between them (ms). */
const STATEMENT_SLICE_MS = 4;

class PGliteConnection implements DatabaseConnection {
  private readonly statements: PreparedStatements;
  private readonly pacer = new StatementPacer(STATEMENT_SLICE_MS);
  constructor(db: PGlite) {
    this.statements = new PreparedStatements(db);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.pacer.turn();
    try {
      const result = await this.statements.run(query.sql, query.parameters);
      return { rows: result.rows as R[], numAffectedRows: BigInt(result.affectedRows) };
    } finally {
      this.pacer.ended();
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the embedded database');
  }
}

class PGliteDriver implements Driver {
  readonly lock = new ConnectionLock();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;

  constructor(private readonly db: PGlite) {
    this.connection = new PGliteConnection(db);
  }

  async init(): Promise<void> {
    await this.db.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    // One physical connection: a fresh wrapper per acquisition keeps releases distinct.
    const conn = Object.create(this.connection) as PGliteConnection;
    this.releases.set(conn, release);
    return conn;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }

  async destroy(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

export class PGliteDialect implements Dialect {
  private driver: PGliteDriver | undefined;
  constructor(private readonly db: PGlite) {}
  /** Requests waiting for the one connection. */
  get waiting(): number {
    return this.driver?.lock.waiting ?? 0;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.driver = new PGliteDriver(this.db);
    return this.driver;
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
