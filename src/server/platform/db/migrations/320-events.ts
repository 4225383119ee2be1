import { sql, type Kysely } from 'kysely';

/**
 * The one event (docs/architecture.md, "Events"): every change others should learn of is one row,
 * written in the transaction of the change. Journal, mails, notifications, live pages and webhooks
 * read from it. Rows carry ids and types only (plus small data); kept 90 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      event_id bigserial primary key,
      tenant_id integer not null references tenants(tenant_id) on delete cascade,
      type text not null,
      root_project_unit_id integer,
      project_unit_id integer,
      actor_user_id integer,
      subject_kind text not null,
      subject_id text not null,
      data jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index events_tenant_idx on events (tenant_id, event_id)`.execute(db);
  await sql`create index events_created_idx on events (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table events`.execute(db);
}
