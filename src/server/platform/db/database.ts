import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, type Dialect, type LogConfig } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import { routedPostgresDialect } from './postgres-lookups';
import { PLAN_CACHE_MODE } from './prepared';
import { nameStatements, StatementNames } from './statement-names';
import type { DB } from './schema';

export type Database = Kysely<DB>;

const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

// Dates stay 'YYYY-MM-DD' strings (no time-zone shift); bigint and numeric become numbers.
pg.types.setTypeParser(DATE_OID, (v) => v);
pg.types.setTypeParser(INT8_OID, (v) => Number(v));
pg.types.setTypeParser(NUMERIC_OID, (v) => Number(v));

// Prepared statements (pglite-statements.ts, statement-names.ts) skip parsing, but every execution
// is still planned for its own values (PLAN_CACHE_MODE), except the lookups of preparedQuery, which
// keep a generic plan (postgres-lookups.ts, pglite-statements.ts).

export type DatabaseOptions = {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  /** PGlite: a data directory's contents (`dumpDataDir`) to start from instead of an empty one. */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Kysely's query log (the request profiler counts statements with it). */
  log?: LogConfig;
};

export async function openPGlite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, {
    loadDataDir,
    // Extensions are loaded on every open; the migrations create them once.
    extensions: { pg_trgm, unaccent },
    parsers: {
      [DATE_OID]: (v: string) => v,
      [INT8_OID]: (v: string) => Number(v),
      [NUMERIC_OID]: (v: string) => Number(v),
    },
  });
  await db.exec(`set plan_cache_mode = ${PLAN_CACHE_MODE}`);
  return db;
}

/** Connections of a database for the metrics: open, idle, and requests waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };
const poolStats = new WeakMap<Database, () => PoolStats>();

export function databasePoolStats(db: Database): PoolStats | null {
  return poolStats.get(db)?.() ?? null;
}

const embeddedDatabases = new WeakMap<Database, PGlite>();

/** The PGlite instance behind an embedded database (its LISTEN/NOTIFY); null on PostgreSQL. */
export function embeddedDatabaseOf(db: Database): PGlite | null {
  return embeddedDatabases.get(db) ?? null;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  let dialect: Dialect;
  let stats: () => PoolStats;
  let pglite: PGlite | undefined;
  if (options.databaseUrl) {
    const size = options.poolSize ?? 10;
    // JIT compilation pays off for hour-long analytics, not for a portal's queries: on the outlook's
    // aggregates over 100,000 units it added ~450 ms to a 180 ms query (docs/performance.md).
    const pool = (max: number, planCacheMode: string) =>
      new pg.Pool({
        connectionString: options.databaseUrl,
        max,
        options: `-c plan_cache_mode=${planCacheMode} -c jit=off`,
      });
    // Lookups by key get their own connections, where a statement keeps its generic plan
    // (postgres-lookups.ts); half as many as the rest have, as they are short.
    const pools = { main: pool(size, PLAN_CACHE_MODE), lookups: pool(Math.ceil(size / 2), 'force_generic_plan') };
    // The statements every request runs are parsed and planned once per connection.
    const names = new StatementNames();
    for (const p of [pools.main, pools.lookups]) p.on('connect', (client) => nameStatements(client, names));
    dialect = routedPostgresDialect(pools);
    const { main, lookups } = pools;
    stats = () => ({
      total: main.totalCount + lookups.totalCount,
      idle: main.idleCount + lookups.idleCount,
      waiting: main.waitingCount + lookups.waitingCount,
    });
  } else {
    pglite = await openPGlite(options.dataDir ?? 'memory://', options.loadDataDir);
    const embedded = new PGliteDialect(pglite);
    dialect = embedded;
    stats = () => ({ total: 1, idle: embedded.waiting === 0 ? 1 : 0, waiting: embedded.waiting });
  }
  const db = new Kysely<DB>({ dialect, log: options.log });
  poolStats.set(db, stats);
  if (pglite) embeddedDatabases.set(db, pglite);
  return db;
}
