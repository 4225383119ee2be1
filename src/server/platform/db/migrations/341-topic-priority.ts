import { sql, type Kysely } from 'kysely';

/**
 * Review topics get a priority (low, normal, high), an optional due date, a few short labels, and
 * the mark of a topic carried over to the next revision when the drawings were approved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table review_topics
      add column priority text not null default 'normal' check (priority in ('low', 'normal', 'high')),
      add column due_date date,
      add column labels text[] not null default '{}' check (cardinality(labels) <= 10),
      add column carried_over_at timestamptz`.execute(db);
  await sql`create index review_topics_unit_due on review_topics (project_unit_id, due_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index review_topics_unit_due`.execute(db);
  await sql`
    alter table review_topics
      drop column priority,
      drop column due_date,
      drop column labels,
      drop column carried_over_at`.execute(db);
}
