import { sql, type Kysely } from 'kysely';

/**
 * Product types get their title per language (de, en, nl), as catalogue articles and plants have
 * since migration 352: an object of language → text beside the base title. Screens show the
 * reader's language, else the tenant's, else the base title; an empty object means the base title only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table product_types add column title_by_language jsonb not null default '{}'::jsonb
      check (jsonb_typeof(title_by_language) = 'object'
        and title_by_language - array['de', 'en', 'nl'] = '{}'::jsonb
        and length(title_by_language::text) <= 1000)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table product_types drop column title_by_language`.execute(db);
}
