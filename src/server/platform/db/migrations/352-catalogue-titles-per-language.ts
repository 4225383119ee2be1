import { sql, type Kysely } from 'kysely';

/**
 * Catalogue articles (AAC elements, lintels) and plants get their title per language (de, en, nl):
 * an object of language → text beside the base title (the import's `title`, the plant's `name`),
 * as the tenant information has since migration 346. Screens and mails show the reader's
 * language, else the tenant's, else the base title; an empty object means the base title only.
 */
const columns = [
  ['aac_products', 'title_by_language'],
  ['lintel_products', 'title_by_language'],
  ['plants', 'name_by_language'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of columns) {
    await sql`
      alter table ${sql.table(table)} add column ${sql.ref(column)} jsonb not null default '{}'::jsonb
        check (jsonb_typeof(${sql.ref(column)}) = 'object'
          and ${sql.ref(column)} - array['de', 'en', 'nl'] = '{}'::jsonb
          and length(${sql.ref(column)}::text) <= 1000)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of columns)
    await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
}
