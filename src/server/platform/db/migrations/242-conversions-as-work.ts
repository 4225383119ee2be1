import { sql, type Kysely } from 'kysely';

/**
 * Model conversions become background work (`work_items`, kind `viewer.convert-ifc`): the claim,
 * its lease and the attempts live there. A conversion shown as converting from before has no work
 * item and its process is gone (migrations run at start): it is shown as queued again, and the
 * start queues every IFC version without a conversion (conversion-service.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from file_conversions where status = 'converting'`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to restore: the rows removed were claims of processes that had ended.
}
