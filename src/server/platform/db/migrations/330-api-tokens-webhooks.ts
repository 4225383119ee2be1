import { sql, type Kysely } from 'kysely';

/**
 * Machine access (issue 36): tenant API tokens and webhooks.
 * - `api_tokens`: a named token of a tenant with its scopes; only the SHA-256 of the secret is
 *   kept. Each token acts as its own technical user (`users.is_technical`), which cannot sign in.
 * - `webhook_endpoints`: a URL, a sealed signing secret and the event types wanted; paused after
 *   an endpoint kept failing for about a day.
 * - `webhook_deliveries`: one row per event and endpoint, written in the transaction of the change
 *   and worked with the claim rule of decision 016 (status, attempts, claim renewed, due time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column is_technical boolean not null default false`.execute(db);
  await sql`
    create table api_tokens (
      token_id serial primary key,
      tenant_id integer not null references tenants(tenant_id) on delete cascade,
      user_id integer not null references users(user_id) on delete cascade,
      name text not null,
      scopes text[] not null,
      token_hash text not null unique,
      token_hint text not null,
      created_by integer references users(user_id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index api_tokens_tenant_idx on api_tokens (tenant_id, token_id)`.execute(db);

  await sql`
    create table webhook_endpoints (
      endpoint_id serial primary key,
      tenant_id integer not null references tenants(tenant_id) on delete cascade,
      url text not null,
      description text not null default '',
      secret text not null,
      event_types text[] not null,
      created_at timestamptz not null default now(),
      paused_at timestamptz,
      pause_reason text,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index webhook_endpoints_tenant_idx on webhook_endpoints (tenant_id) where deleted_at is null`.execute(
    db,
  );

  await sql`
    create table webhook_deliveries (
      delivery_id bigserial primary key,
      message_id text not null unique,
      endpoint_id integer not null references webhook_endpoints(endpoint_id) on delete cascade,
      tenant_id integer not null references tenants(tenant_id) on delete cascade,
      event_id bigint references events(event_id) on delete set null,
      event_type text not null,
      resource_key text not null,
      payload text not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      due_at timestamptz not null default now(),
      claimed_at timestamptz,
      last_attempt_at timestamptz,
      response_status integer,
      duration_ms integer,
      last_error text,
      created_at timestamptz not null default now(),
      delivered_at timestamptz
    )`.execute(db);
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (due_at) where status in ('pending', 'sending')`.execute(
    db,
  );
  await sql`create index webhook_deliveries_resource_idx on webhook_deliveries (endpoint_id, resource_key, delivery_id) where status in ('pending', 'sending')`.execute(
    db,
  );
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, delivery_id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
  await sql`drop table api_tokens`.execute(db);
  await sql`alter table users drop column is_technical`.execute(db);
}
