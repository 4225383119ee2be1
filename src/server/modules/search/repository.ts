import { sql, type ExpressionBuilder, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { readableRootSql, readsWholeTenant } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { tenantLanguageOf } from '../../platform/db/tenant-language';
import { escapeLike, orderBySql, type ListQuery } from '../../platform/list-query';

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

/** Typo correction looks at words of at least this length. */
const MIN_TYPO_LENGTH = 4;
/** At most this many indexed words stand in for a typo. */
const MAX_TYPO_WORDS = 8;

/** The index finds a word with separators by one of its parts, which needs at least this length. */
const MIN_INDEXED_PART = 3;

/**
 * The folded text contains the word as typed. A word with separators (`2026-0123`, `0006-01`) is
 * looked up in the trigram index by its longest part only (the later of equals), and `strpos`
 * checks the whole word in the rows found. The index cannot skip the trigrams of the other parts:
 * a number's leading year (`2026`) is in nearly every row, and reading those trigrams' lists cost
 * more than the rest of the search; the separators themselves would add the word-boundary
 * trigrams (`26 `, `  0`), which nearly every row has. A word whose parts are all shorter than
 * that is looked up with each separator as a one-character wildcard (`%a_b%`).
 */
function containsWord(word: string): RawBuilder<SqlBool> {
  if (!/[^\p{L}\p{N}]/u.test(word)) {
    return sql<SqlBool>`s.document like '%' || search_fold(${escapeLike(word)}) || '%' escape '\\'`;
  }
  const part = (word.match(/[\p{L}\p{N}]+/gu) ?? []).reduce((a, b) => (b.length >= a.length ? b : a), '');
  const indexed =
    part.length >= MIN_INDEXED_PART
      ? sql<SqlBool>`s.document like '%' || search_fold(${part}) || '%'`
      : sql<SqlBool>`s.document like '%' || regexp_replace(search_fold(${word}), '[^[:alnum:]]', '_', 'g') || '%'`;
  return sql<SqlBool>`(${indexed} and strpos(s.document, search_fold(${word})) > 0)`;
}

/**
 * One word matches a search row when the folded text contains it (numbers, prefixes, umlauts),
 * when its stem matches in the full-text vector (German, Dutch or English, as the tenant's
 * language built it; `search_tsquery` folds to a constant query at plan time), or, for a typo,
 * when one of the few indexed words most similar to it (trigram similarity, looked up once per
 * query in the short word list) is in the row. A word with digits (a unit or order number, a
 * zip code) must be contained as typed.
 */
function wordMatches(word: string, tenants: RawBuilder<number[]>): RawBuilder<SqlBool> {
  const contains = containsWord(word);
  if (/\d/.test(word)) return contains;
  const tq = prefixQuery(word);
  if (!tq) return contains;
  const fts = sql<SqlBool>`s.tsv @@ search_tsquery(${tq})`;
  if (word.length < MIN_TYPO_LENGTH) return sql<SqlBool>`(${contains} or ${fts})`;
  // Of the similar words, those containing the word itself find only rows the folded text already
  // finds (the word as typed, or longer ones around it), so the index looks up the others only;
  // without any, the query is null: the index is not walked and nothing matches.
  const typo = sql<SqlBool>`s.words @@ to_tsquery('simple', (select string_agg(quote_literal(v.word), ' | ')
    from (select w.word from search_words w where w.word % search_fold(${word}) and w.tenant_id = any(${tenants})
          order by similarity(w.word, search_fold(${word})) desc, w.word limit ${MAX_TYPO_WORDS}) v
    where strpos(v.word, search_fold(${word})) = 0))`;
  return sql<SqlBool>`(${contains} or ${fts} or ${typo})`;
}

/**
 * The tenants whose words may correct a user's typo: the tenants of the projects the user is a
 * member of, and the own tenant for internal users (who read all its projects). The member roots
 * are looked up by key; a join walked all units for a user of many projects.
 */
function wordTenants(user: SessionUser): RawBuilder<number[]> {
  const member = sql<number[]>`array(select distinct r.tenant_id from project_units r
    where r.project_unit_id = any(array(select m.root_project_unit_id from members m where m.user_id = ${user.userId})))`;
  return readsWholeTenant(user) ? sql<number[]>`(array[${user.tenantId}::int] || ${member})` : member;
}

/** All words of the term match (true without a term). */
function termMatches(user: SessionUser, term: string): RawBuilder<SqlBool> {
  const words = searchWords(term);
  if (words.length === 0) return sql<SqlBool>`true`;
  const tenants = wordTenants(user);
  return sql<SqlBool>`(${sql.join(
    words.map((w) => wordMatches(w, tenants)),
    sql` and `,
  )})`;
}

/**
 * Relevance, cheap to compute for every match: the exact unit number first, then numbers
 * starting with the term, then rows containing the whole term as typed (folded), then the rest.
 * `strpos` and `starts_with` rather than `like`: no pattern to escape, and a row that does not
 * contain the term (a typo's or a stem's match) is ruled out faster than by a `%…%` pattern.
 */
function rankOf(term: string): RawBuilder<number> {
  const folded = term.trim();
  if (!folded) return sql<number>`0`;
  return sql<number>`(case when s.unit_no = search_fold(${folded}) then 3
    when starts_with(s.unit_no, search_fold(${folded})) then 2
    when strpos(s.document, search_fold(${folded})) > 0 then 1 else 0 end)`;
}

/**
 * A page of `projectunitssearch` in one query: readable units matching the term (and `$filter`),
 * ordered and paged by the list, with the count of all matches (`$count`) and, for the page's rows
 * only, product type, plant and order numbers.
 *
 * Every match is ranked and counted, so the rows that reach sort and count are kept narrow: the
 * matches are a subquery with `offset 0`, which the planner does not merge into the outer query, so
 * the rank is computed while the search rows are read and the long folded text goes no further.
 * The page's 20 or so rows then fetch their details by key.
 */
export async function searchPage(db: Database, user: SessionUser, term: string, list: ListQuery) {
  let matches = db
    .selectFrom('project_unit_search as s')
    .select([
      's.project_unit_id',
      's.root_project_unit_id',
      's.title',
      's.project_unit_no',
      's.project_unit_type',
      rankOf(term).as('rank'),
    ])
    .where(readableRootSql(user, 's.root_project_unit_id', 's.tenant_id'))
    .where(termMatches(user, term));
  if (list.where) matches = matches.where(list.where);
  const page = db
    .selectFrom(matches.offset(0).as('s'))
    .selectAll('s')
    .select(list.count ? sql<number>`(count(*) over ())::int`.as('__count') : sql<null>`null::int`.as('__count'))
    .orderBy(orderBySql(list))
    .limit(list.top)
    .offset(list.skip);
  const rows = await db
    .selectFrom(page.as('s'))
    .innerJoin('project_unit_search as u', 'u.project_unit_id', 's.project_unit_id')
    .leftJoin('product_types as pt', 'pt.product_type_id', 'u.product_type_id')
    .leftJoin('plants as pl', 'pl.plant_id', 'u.plant_id')
    .select([
      's.project_unit_id',
      's.root_project_unit_id',
      's.title',
      's.project_unit_no',
      's.project_unit_type',
      's.__count',
      'pt.product_type_id',
      'pt.title as product_type',
      'pt.title_by_language as product_type_by_language',
      tenantLanguageOf('pt.tenant_id').as('product_type_tenant_language'),
      'pt.bg_color',
      'pt.text_color',
      'pl.plant_id',
      'pl.name as plant',
      'pl.name_by_language as plant_by_language',
      tenantLanguageOf('pl.tenant_id').as('plant_tenant_language'),
      'u.order_numbers',
    ])
    .orderBy(orderBySql(list))
    .execute();
  if (!list.count) return { rows };
  const first = rows[0];
  if (first) return { rows, count: first.__count ?? 0 };
  if (list.skip === 0) return { rows, count: 0 };
  // A page past the end: count apart.
  const total = await db
    .selectFrom(matches.as('s'))
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return { rows, count: total.count };
}

/**
 * The best matching readable projects (roots) and other units for the quick search, `limit` of
 * each: the matches are read once (ranked while read, as in `searchPage`) into a materialized
 * list of narrow rows, and each kind takes its first few from it by a top-N sort.
 */
export function quickUnits(db: Database, user: SessionUser, term: string, limit: number) {
  const matches = db
    .selectFrom('project_unit_search as s')
    .select([
      's.project_unit_id',
      's.root_project_unit_id',
      's.title',
      's.project_unit_no',
      sql<boolean>`s.project_unit_id = s.root_project_unit_id`.as('is_root'),
      rankOf(term).as('rank'),
    ])
    .where(readableRootSql(user, 's.root_project_unit_id', 's.tenant_id'))
    .where(termMatches(user, term));
  const ranked = db.with(
    (cte) => cte('m').materialized(),
    () => matches,
  );
  type Ranked = typeof ranked extends QueryCreator<infer T> ? T : never;
  const best = (eb: ExpressionBuilder<Ranked, never>, root: boolean) =>
    eb
      .selectFrom('m')
      .select(['m.project_unit_id', 'm.root_project_unit_id', 'm.title', 'm.project_unit_no', 'm.is_root', 'm.rank'])
      .where('m.is_root', '=', root)
      .orderBy('m.rank', 'desc')
      .orderBy('m.project_unit_no')
      .orderBy('m.project_unit_id')
      .limit(limit);
  return ranked
    .selectFrom((eb) => best(eb, true).as('r'))
    .selectAll('r')
    .unionAll((eb) => eb.selectFrom(best(eb, false).as('u')).selectAll('u'))
    .orderBy('is_root', 'desc')
    .orderBy('rank', 'desc')
    .orderBy('project_unit_no')
    .orderBy('project_unit_id')
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
