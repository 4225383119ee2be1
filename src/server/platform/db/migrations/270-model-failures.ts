import { sql, type Kysely } from 'kysely';

/**
 * A model tree that cannot be made (model too large, unreadable, over the worker's limits) is kept
 * as its reason, so a reader is answered from the row instead of opening the file again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table model_trees alter column tree drop not null`.execute(db);
  await sql`alter table model_trees add column failure text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from model_trees where tree is null`.execute(db);
  await sql`alter table model_trees drop column failure`.execute(db);
  await sql`alter table model_trees alter column tree set not null`.execute(db);
}
