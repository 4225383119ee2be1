import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { readableRootSql } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { escapeLike } from '../../platform/list-query';

/** At most this many words of a term take part (each one adds index lookups). */
const MAX_WORDS = 5;

/** The words of a search term: split at spaces, empty ones dropped. */
export function searchWords(term: string): string[] {
  return term.trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}

/**
 * The full-text query of one word: its letter and digit runs as prefixes (`0006:* & 01:*`).
 * Only letters and digits reach `to_tsquery`, so no input can break its syntax.
 */
function prefixQuery(word: string): string | null {
  const tokens = word.match(/[\p{L}\p{N}]+/gu);
  return tokens ? tokens.map((t) => `${t}:*`).join(' & ') : null;
}

/**
 * One word matches a search row when the folded text contains it (numbers, prefixes, umlauts),
 * when it is similar to a word of it (typos, trigram word similarity ≥ 0.6), or when its stem
 * matches in the full-text vector (German, Dutch or English, as the tenant's language built it).
 * A word with digits (a unit or order number, a zip code) must be contained as typed.
 */
function wordMatches(word: string): RawBuilder<SqlBool> {
  const contains = sql<SqlBool>`s.document like '%' || search_fold(${escapeLike(word)}) || '%' escape '\\'`;
  if (/\d/.test(word)) return contains;
  const similar = sql<SqlBool>`search_fold(${word}) <% s.document`;
  const tq = prefixQuery(word);
  if (!tq) return sql<SqlBool>`(${contains} or ${similar})`;
  const fts = sql<SqlBool>`s.tsv @@ (to_tsquery('german', search_fold(${tq})) || to_tsquery('dutch', search_fold(${tq})) || to_tsquery('english', search_fold(${tq})))`;
  return sql<SqlBool>`(${contains} or ${similar} or ${fts})`;
}

/** All words of the term match (true without a term). */
function termMatches(term: string): RawBuilder<SqlBool> {
  const words = searchWords(term);
  if (words.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(words.map(wordMatches), sql` and `)})`;
}

/** Relevance: the exact unit number first, then number prefixes, then the best word similarity. */
function rankOf(term: string): RawBuilder<number> {
  const folded = term.trim();
  if (!folded) return sql<number>`0::real`;
  return sql<number>`(case when s.unit_no = search_fold(${folded}) then 100
    when s.unit_no like search_fold(${escapeLike(folded)}) || '%' escape '\\' then 50 else 0 end
    + word_similarity(search_fold(${folded}), s.document))::real`;
}

/**
 * The base query of `projectunitssearch` for `fetchList`: readable units matching the term, with
 * product type, plant, order numbers and `rank` (an output column the list may order by).
 */
export function searchListBase(db: Database, user: SessionUser, term: string) {
  return db
    .selectFrom('project_unit_search as s')
    .innerJoin('project_units as u', 'u.project_unit_id', 's.project_unit_id')
    .leftJoin('product_types as pt', 'pt.product_type_id', 's.product_type_id')
    .leftJoin('plants as pl', 'pl.plant_id', 's.plant_id')
    .select([
      'u.project_unit_id',
      's.root_project_unit_id',
      'u.title',
      'u.project_unit_no',
      'u.project_unit_type',
      'pt.product_type_id',
      'pt.title as product_type',
      'pt.bg_color',
      'pt.text_color',
      'pl.plant_id',
      'pl.name as plant',
      's.order_numbers',
      rankOf(term).as('rank'),
    ])
    .where(readableRootSql(user, 's.root_project_unit_id', 's.tenant_id'))
    .where(termMatches(term));
}

/** The best matching readable projects (roots) or other units, for the quick search. */
export function quickUnits(db: Database, user: SessionUser, term: string, roots: boolean, limit: number) {
  return db
    .selectFrom('project_unit_search as s')
    .innerJoin('project_units as u', 'u.project_unit_id', 's.project_unit_id')
    .select(['u.project_unit_id', 's.root_project_unit_id', 'u.title', 'u.project_unit_no', rankOf(term).as('rank')])
    .where(readableRootSql(user, 's.root_project_unit_id', 's.tenant_id'))
    .where(
      roots
        ? sql<SqlBool>`s.project_unit_id = s.root_project_unit_id`
        : sql<SqlBool>`s.project_unit_id <> s.root_project_unit_id`,
    )
    .where(termMatches(term))
    .orderBy(sql`rank desc, u.project_unit_no, u.project_unit_id`)
    .limit(limit)
    .execute();
}

/** Readable, not deleted files whose name contains the term (folded), with their unit. */
export function quickFiles(db: Database, user: SessionUser, term: string, limit: number) {
  return db
    .selectFrom('project_files as f')
    .innerJoin('project_units as u', 'u.project_unit_id', 'f.project_unit_id')
    .select(['f.project_file_id', 'f.name', 'u.project_unit_id', 'f.root_project_unit_id', 'u.project_unit_no'])
    .where('f.deleted_at', 'is', null)
    .where(readableRootSql(user, 'f.root_project_unit_id', 'f.tenant_id'))
    .where(sql<SqlBool>`search_fold(f.name) like '%' || search_fold(${escapeLike(term.trim())}) || '%' escape '\\'`)
    .orderBy('f.name')
    .orderBy('f.project_file_id')
    .limit(limit)
    .execute();
}
