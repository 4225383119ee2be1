import { sql, type Kysely } from 'kysely';

/**
 * Advanced search (issue 18): one search row per project unit, kept current by triggers.
 *
 * - `project_unit_search.document` holds the unit's number, title, site address, the names of the
 *   root's members, its product types, plants and order numbers; lower case, without accents, and
 *   once more with German umlauts written out (ä → ae), so "Arztehaus" and "Buerogebaeude" both
 *   find "Ärztehaus" and "Bürogebäude". A trigram index serves substrings, prefixes and typos.
 * - `tsv` is the same text as a full-text vector in the tenant's language (german, dutch, english).
 * - Each trigger refreshes only the rows its change touches (one unit; the roots of one member),
 *   so keeping the index costs a few index lookups per write.
 * - Product-type assignments gain the plant that delivers and the order number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .alterTable('tenants')
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('de')
        .check(sql`language in ('de', 'en', 'nl')`),
    )
    .execute();
  await db.schema
    .alterTable('project_unit_product_type_assignments')
    .addColumn('plant_id', 'integer', (c) => c.references('plants.plant_id').onDelete('set null'))
    .addColumn('order_number', 'text')
    .execute();

  // unaccent() is only STABLE (its dictionary could change); fixed to one dictionary it is immutable,
  // which lets the planner fold a search term into a constant pattern for the trigram index.
  await sql`
    create function search_fold(t text) returns text language sql immutable parallel safe strict as $$
      select public.unaccent('public.unaccent'::regdictionary, lower(t))
    $$`.execute(db);
  await sql`
    create function search_text(t text) returns text language sql immutable parallel safe as $$
      select case when a = b then a else a || ' ' || b end
      from (select search_fold(coalesce(t, '')) as a,
                   search_fold(replace(replace(replace(lower(coalesce(t, '')), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue')) as b) x
    $$`.execute(db);

  await sql`
    create table project_unit_search (
      project_unit_id integer primary key references project_units(project_unit_id) on delete cascade,
      tenant_id integer not null,
      root_project_unit_id integer not null,
      unit_no text not null,
      product_type_id integer,
      plant_id integer,
      order_numbers text,
      document text not null,
      tsv tsvector not null,
      words tsvector not null
    )`.execute(db);
  // The words of all documents (letters only, four or more): a typo is corrected against this short
  // list first, then the corrected words are looked up in \`words\`; never pruned (a stale word finds nothing).
  await sql`create table search_words (word text primary key)`.execute(db);
  await sql`create index search_words_trgm on search_words using gin (word gin_trgm_ops)`.execute(db);
  await sql`create index project_unit_search_doc_trgm on project_unit_search using gin (document gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index project_unit_search_tsv on project_unit_search using gin (tsv)`.execute(db);
  await sql`create index project_unit_search_words on project_unit_search using gin (words)`.execute(db);
  await sql`create index project_unit_search_no on project_unit_search (unit_no text_pattern_ops)`.execute(db);
  await sql`create index project_unit_search_root on project_unit_search (root_project_unit_id)`.execute(db);
  await sql`create index project_unit_search_tenant on project_unit_search (tenant_id)`.execute(db);
  // The quick search finds files by name.
  await sql`create index project_files_name_trgm on project_files using gin (search_fold(name) gin_trgm_ops) where deleted_at is null`.execute(
    db,
  );

  await sql`
    create function project_unit_search_refresh(unit integer) returns void language plpgsql as $$
    declare
      u record;
      cfg regconfig;
      doc text;
      first_type integer;
      first_plant integer;
      orders text;
      plain tsvector;
    begin
      select pu.project_unit_id, pu.tenant_id, pu.root_project_unit_id, pu.parent_project_unit_id, pu.project_unit_no,
             pu.title, pu.site_address_id, pu.product_type_id, pu.plant_id, t.language
        into u
        from project_units pu join tenants t on t.tenant_id = pu.tenant_id
       where pu.project_unit_id = unit;
      if not found then
        delete from project_unit_search where project_unit_id = unit;
        return;
      end if;
      cfg := case u.language when 'nl' then 'dutch'::regconfig when 'en' then 'english'::regconfig else 'german'::regconfig end;
      select a.product_type_id, a.plant_id into first_type, first_plant
        from project_unit_product_type_assignments a where a.project_unit_id = unit order by a.assignment_id limit 1;
      select string_agg(distinct a.order_number, ', ') into orders
        from project_unit_product_type_assignments a where a.project_unit_id = unit and a.order_number is not null;
      doc := concat_ws(' ',
        u.project_unit_no,
        u.title,
        (select concat_ws(' ', ad.name, ad.street1, ad.zip, ad.city) from addresses ad where ad.address_id = u.site_address_id),
        (select string_agg(concat_ws(' ', us.first_name, us.last_name), ' ')
           from members m join users us on us.user_id = m.user_id
          where u.parent_project_unit_id is null and m.root_project_unit_id = u.project_unit_id and us.deleted_at is null),
        (select string_agg(concat_ws(' ', a.order_number, pt.title, pl.name), ' ')
           from project_unit_product_type_assignments a
           join product_types pt on pt.product_type_id = a.product_type_id
           left join plants pl on pl.plant_id = a.plant_id
          where a.project_unit_id = unit),
        (select pt.title from product_types pt where pt.product_type_id = u.product_type_id),
        (select pl.name from plants pl where pl.plant_id = u.plant_id));
      doc := search_text(doc);
      plain := to_tsvector('simple', doc);
      insert into search_words (word)
        select w from unnest(tsvector_to_array(plain)) w where length(w) >= 4 and w !~ '[^a-z]'
        on conflict do nothing;
      insert into project_unit_search
        (project_unit_id, tenant_id, root_project_unit_id, unit_no, product_type_id, plant_id, order_numbers, document, tsv, words)
      values (unit, u.tenant_id, coalesce(u.root_project_unit_id, unit), search_fold(u.project_unit_no),
              coalesce(first_type, u.product_type_id), coalesce(first_plant, u.plant_id), orders, doc, to_tsvector(cfg, doc), plain)
      on conflict (project_unit_id) do update set
        tenant_id = excluded.tenant_id, root_project_unit_id = excluded.root_project_unit_id, unit_no = excluded.unit_no,
        product_type_id = excluded.product_type_id, plant_id = excluded.plant_id, order_numbers = excluded.order_numbers,
        document = excluded.document, tsv = excluded.tsv, words = excluded.words;
    end $$`.execute(db);

  const trigger = async (name: string, table: string, events: string, body: string) => {
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${name} after ${events} on ${table} for each row execute function ${name}()`)
      .execute(db);
  };
  await trigger(
    'project_units_search_trg',
    'project_units',
    'insert or update of project_unit_no, title, site_address_id, root_project_unit_id, tenant_id, product_type_id, plant_id',
    'perform project_unit_search_refresh(new.project_unit_id);',
  );
  await trigger(
    'assignments_search_trg',
    'project_unit_product_type_assignments',
    'insert or update or delete',
    `if tg_op <> 'INSERT' then perform project_unit_search_refresh(old.project_unit_id); end if;
     if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.project_unit_id <> old.project_unit_id) then
       perform project_unit_search_refresh(new.project_unit_id); end if;`,
  );
  await trigger(
    'members_search_trg',
    'members',
    'insert or delete',
    `perform project_unit_search_refresh(case when tg_op = 'DELETE' then old.root_project_unit_id else new.root_project_unit_id end);`,
  );
  await trigger(
    'users_search_trg',
    'users',
    'update of first_name, last_name, deleted_at',
    `perform project_unit_search_refresh(m.root_project_unit_id) from members m where m.user_id = new.user_id;`,
  );
  await trigger(
    'addresses_search_trg',
    'addresses',
    'update',
    `perform project_unit_search_refresh(pu.project_unit_id) from project_units pu where pu.site_address_id = new.address_id;`,
  );
  await trigger(
    'product_types_search_trg',
    'product_types',
    'update of title',
    `perform project_unit_search_refresh(x.id) from (
       select pu.project_unit_id as id from project_units pu where pu.product_type_id = new.product_type_id
       union select a.project_unit_id from project_unit_product_type_assignments a where a.product_type_id = new.product_type_id) x;`,
  );
  await trigger(
    'plants_search_trg',
    'plants',
    'update of name',
    `perform project_unit_search_refresh(x.id) from (
       select pu.project_unit_id as id from project_units pu where pu.plant_id = new.plant_id
       union select a.project_unit_id from project_unit_product_type_assignments a where a.plant_id = new.plant_id) x;`,
  );
  await trigger(
    'tenants_search_trg',
    'tenants',
    'update of language',
    `perform project_unit_search_refresh(pu.project_unit_id) from project_units pu where pu.tenant_id = new.tenant_id;`,
  );

  await sql`select project_unit_search_refresh(project_unit_id) from project_units`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, table] of [
    ['project_units_search_trg', 'project_units'],
    ['assignments_search_trg', 'project_unit_product_type_assignments'],
    ['members_search_trg', 'members'],
    ['users_search_trg', 'users'],
    ['addresses_search_trg', 'addresses'],
    ['product_types_search_trg', 'product_types'],
    ['plants_search_trg', 'plants'],
    ['tenants_search_trg', 'tenants'],
  ] as const) {
    await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  await sql`drop function if exists project_unit_search_refresh(integer)`.execute(db);
  await sql`drop index if exists project_files_name_trgm`.execute(db);
  await sql`drop table if exists project_unit_search`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
  await sql`drop function if exists search_text(text)`.execute(db);
  await sql`drop function if exists search_fold(text)`.execute(db);
  await db.schema
    .alterTable('project_unit_product_type_assignments')
    .dropColumn('order_number')
    .dropColumn('plant_id')
    .execute();
  await db.schema.alterTable('tenants').dropColumn('language').execute();
}
