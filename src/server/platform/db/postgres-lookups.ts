import {
  CompiledQuery,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { GENERIC_PLAN_MARK } from './prepared';

type PostgresConnection = Parameters<PostgresDriver['releaseConnection']>[0];

/**
 * A connection of the dialect below: it takes a connection of one of the two pools when its first
 * statement comes, a lookup's (GENERIC_PLAN_MARK) from the lookup pool, any other from the main
 * pool, and keeps it until released. A transaction starts with `begin`, so all of it runs on the
 * main pool.
 */
class RoutedConnection implements DatabaseConnection {
  taken: { driver: PostgresDriver; connection: PostgresConnection } | null = null;

  constructor(private readonly drivers: { main: PostgresDriver; lookups: PostgresDriver }) {}

  private async connection(query: CompiledQuery): Promise<DatabaseConnection> {
    if (!this.taken) {
      const driver = query.sql.endsWith(GENERIC_PLAN_MARK) ? this.drivers.lookups : this.drivers.main;
      this.taken = { driver, connection: (await driver.acquireConnection()) as PostgresConnection };
    }
    return this.taken.connection;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (await this.connection(query)).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.connection(query)).streamQuery<R>(query, chunkSize);
  }
}

/**
 * PostgreSQL with two pools. Lookups by key (preparedQuery: the session, a unit's access and
 * path, a user's page of tasks) run on connections whose plan_cache_mode is force_generic_plan:
 * a named statement is planned once per connection, not on every run (planning costs such a
 * lookup more than running it). Everything else, transactions included, runs on the main pool's
 * connections, each statement planned for its own values (PLAN_CACHE_MODE).
 */
class RoutedDriver implements Driver {
  constructor(private readonly drivers: { main: PostgresDriver; lookups: PostgresDriver }) {}

  async init(): Promise<void> {
    await this.drivers.main.init();
    await this.drivers.lookups.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.drivers);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.drivers.main.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.drivers.main.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.drivers.main.rollbackTransaction(connection);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.drivers.main.savepoint(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.drivers.main.rollbackToSavepoint(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.drivers.main.releaseSavepoint(connection, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const { taken } = connection as RoutedConnection;
    if (taken) await taken.driver.releaseConnection(taken.connection);
  }

  async destroy(): Promise<void> {
    await this.drivers.main.destroy();
    await this.drivers.lookups.destroy();
  }
}

export function routedPostgresDialect(pools: { main: pg.Pool; lookups: pg.Pool }): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () =>
      new RoutedDriver({
        main: new PostgresDriver({ pool: pools.main }),
        lookups: new PostgresDriver({ pool: pools.lookups }),
      }),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
