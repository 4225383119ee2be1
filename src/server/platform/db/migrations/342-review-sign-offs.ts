import { sql, type Kysely } from 'kysely';

/**
 * The sign-off record of an approval: who approved, when, which file versions, and the topics open
 * at that moment with the choice made for each. Written with the decision and never changed; the
 * names are copied so the record stays readable when a user or file is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table review_sign_offs (
      review_sign_off_id serial primary key,
      tenant_id integer not null references tenants(tenant_id) on delete cascade,
      root_project_unit_id integer not null references project_units(project_unit_id) on delete cascade,
      project_unit_id integer not null references project_units(project_unit_id) on delete cascade,
      signed_by integer references users(user_id) on delete set null,
      signed_by_name text not null,
      signed_at timestamptz not null,
      state_key text not null,
      files jsonb not null,
      topics jsonb not null
    )`.execute(db);
  await sql`create index review_sign_offs_unit on review_sign_offs (project_unit_id, signed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table review_sign_offs`.execute(db);
}
