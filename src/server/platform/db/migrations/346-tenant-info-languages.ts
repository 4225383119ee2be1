import { sql, type Kysely } from 'kysely';

/**
 * The tenant's information text (html, shown on the project details page) per language: an
 * object of language → html. The single text so far becomes the text of the tenant's own
 * language, which is also the fallback for a language without a text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tenants add column general_info_by_language jsonb not null default '{}'::jsonb
      check (jsonb_typeof(general_info_by_language) = 'object'
        and general_info_by_language - array['de', 'en', 'nl'] = '{}'::jsonb)`.execute(db);
  await sql`
    update tenants set general_info_by_language = jsonb_build_object(language, general_info_html)
    where general_info_html is not null and general_info_html <> ''`.execute(db);
  await sql`alter table tenants drop column general_info_html`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenants add column general_info_html text`.execute(db);
  await sql`
    update tenants set general_info_html = coalesce(
      general_info_by_language ->> language,
      (select e.value from jsonb_each_text(general_info_by_language) e order by e.key limit 1))`.execute(db);
  await sql`alter table tenants drop column general_info_by_language`.execute(db);
}
