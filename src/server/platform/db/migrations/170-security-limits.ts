import { sql, type Kysely } from 'kysely';

/**
 * Request limits counted in the database (so they hold across instances), and the client address
 * of each session for the sessions list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['bucket', 'key', 'window_start'])
    .execute();
  await sql`create index rate_limit_hits_window_idx on rate_limit_hits (window_start)`.execute(db);
  await db.schema.alterTable('sessions').addColumn('client_ip', 'text').execute();
}
