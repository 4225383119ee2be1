import { sql, type Kysely } from 'kysely';

/**
 * Search under load (issue 18):
 * - `search_tsquery(prefix query)`: the prefix query in the German, Dutch and English configurations,
 *   each distinct query once (for most words all three stem alike, and each copy cost one more walk
 *   of the full-text index). Immutable, so a constant term becomes a constant query at plan time.
 * - No parallel workers for the search table: a search reads at most a few thousand rows through
 *   its indexes; starting workers for that cost more than it saved, most of all with several users
 *   searching at once on a server with few cores.
 * - The search indexes without a pending list (`fastupdate`): the triggers write one row at a time,
 *   and every search would otherwise scan the unsorted pending entries until the next vacuum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_tsquery(q text) returns tsquery language sql immutable parallel safe strict as $$
      select string_agg('(' || x.t || ')', ' | ' order by x.t)::tsquery
      from (select distinct t from unnest(array[
              to_tsquery('german', search_fold(q))::text,
              to_tsquery('dutch', search_fold(q))::text,
              to_tsquery('english', search_fold(q))::text]) t
            where t <> '') x
    $$`.execute(db);
  await sql`alter table project_unit_search set (parallel_workers = 0)`.execute(db);
  for (const index of [
    'project_unit_search_doc_trgm',
    'project_unit_search_tsv',
    'project_unit_search_words',
    'search_words_trgm',
  ]) {
    await sql.raw(`alter index ${index} set (fastupdate = off)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'project_unit_search_doc_trgm',
    'project_unit_search_tsv',
    'project_unit_search_words',
    'search_words_trgm',
  ]) {
    await sql.raw(`alter index ${index} reset (fastupdate)`).execute(db);
  }
  await sql`alter table project_unit_search reset (parallel_workers)`.execute(db);
  await sql`drop function if exists search_tsquery(text)`.execute(db);
}
