import { sql, type Kysely } from 'kysely';

/**
 * The notification centre: one row per recipient of an event (written in the event's
 * transaction, only to users who may read the unit then). Goes with its event after 90 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      notification_id bigserial primary key,
      tenant_id integer not null references tenants(tenant_id) on delete cascade,
      user_id integer not null references users(user_id) on delete cascade,
      event_id bigint not null references events(event_id) on delete cascade,
      type text not null,
      root_project_unit_id integer,
      project_unit_id integer,
      actor_user_id integer,
      data jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      read_at timestamptz
    )`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id, notification_id desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
  await sql`create index notifications_event_idx on notifications (event_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notifications`.execute(db);
}
