import { sql, type Kysely } from 'kysely';

/** Sign-in attempts remember the client, so limits apply per client and per account apart. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_attempts').addColumn('client_ip', 'text').execute();
  await sql`create index login_attempts_client_idx on login_attempts (client_ip, attempted_at)`.execute(db);
}
