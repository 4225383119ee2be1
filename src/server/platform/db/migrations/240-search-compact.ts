import { sql, type Kysely } from 'kysely';

/**
 * Compact search rows (issue 18). A search reads the row of every match (to check the folded text
 * the trigram index only narrows down, to rank and to count), so the fewer pages the matches of a
 * common term spread over, the faster it is. A project's row was about 1 KB, most of it the two
 * full-text vectors with the position of every word; nothing reads the positions (no phrase
 * search, no ts_rank), so the vectors are kept without them (`strip`), which leaves the same
 * matches. Existing rows are stripped and the table is written anew, packed (after the many
 * updates of a busy table, its live rows were spread over twice the pages they need).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function project_unit_search_refresh(unit integer) returns void language plpgsql as $$
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
             pu.title, pu.project_unit_type, pu.site_address_id, pu.product_type_id, pu.plant_id, t.language
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
      plain := strip(to_tsvector('simple', doc));
      insert into search_words (tenant_id, word)
        select u.tenant_id, w from unnest(tsvector_to_array(plain)) w where length(w) >= 4 and w !~ '[^a-z]'
        on conflict do nothing;
      insert into project_unit_search
        (project_unit_id, tenant_id, root_project_unit_id, unit_no, project_unit_no, title, project_unit_type,
         product_type_id, plant_id, order_numbers, document, tsv, words)
      values (unit, u.tenant_id, coalesce(u.root_project_unit_id, unit), search_fold(u.project_unit_no),
              u.project_unit_no, u.title, u.project_unit_type,
              coalesce(first_type, u.product_type_id), coalesce(first_plant, u.plant_id), orders, doc, strip(to_tsvector(cfg, doc)), plain)
      on conflict (project_unit_id) do update set
        tenant_id = excluded.tenant_id, root_project_unit_id = excluded.root_project_unit_id, unit_no = excluded.unit_no,
        project_unit_no = excluded.project_unit_no, title = excluded.title, project_unit_type = excluded.project_unit_type,
        product_type_id = excluded.product_type_id, plant_id = excluded.plant_id, order_numbers = excluded.order_numbers,
        document = excluded.document, tsv = excluded.tsv, words = excluded.words;
    end $$`.execute(db);
  // Changing the columns' type (to the same type) writes the table and its indexes anew: the
  // existing rows stripped, packed, and no old row versions left behind.
  await sql`alter table project_unit_search
    alter column tsv type tsvector using strip(tsv),
    alter column words type tsvector using strip(words)`.execute(db);
  await sql`analyze project_unit_search`.execute(db);
}

export async function down(): Promise<void> {
  // Stripped vectors match as before; 200's refresh would write them with positions again.
}
