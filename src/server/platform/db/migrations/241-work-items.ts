import { sql, type Kysely } from 'kysely';

/**
 * One table for background work of every kind (platform/jobs/work.ts, decision 016): a row is
 * written in the transaction of the change that causes it, claimed with a lease that its
 * claimer renews, retried after growing delays and failed with its reason after the kind's
 * last attempt. `tenant_id`/`user_id` are the shares work is claimed fairly by; `claimed_at`
 * stays on finished rows so the turns remember who was served last, until they are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table work_items (
    work_id integer generated always as identity primary key,
    kind text not null,
    tenant_id integer references tenants (tenant_id) on delete cascade,
    user_id integer,
    payload jsonb not null default '{}'::jsonb,
    status text not null default 'waiting' check (status in ('waiting', 'running', 'done', 'failed')),
    attempts integer not null default 0,
    max_attempts integer not null,
    run_after timestamptz not null default now(),
    dedupe_key text,
    claimed_by text,
    claimed_at timestamptz,
    renewed_at timestamptz,
    finished_at timestamptz,
    last_error text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index work_items_due_idx on work_items (kind, run_after) where status = 'waiting'`.execute(db);
  await sql`create index work_items_running_idx on work_items (kind, renewed_at) where status = 'running'`.execute(db);
  await sql`create index work_items_turns_idx on work_items (kind, tenant_id, user_id, claimed_at)`.execute(db);
  await sql`create index work_items_finished_idx on work_items (finished_at) where finished_at is not null`.execute(db);
  // One unfinished item per dedupe key of a kind (enqueueing it again while it waits does nothing).
  await sql`create unique index work_items_dedupe_idx on work_items (kind, dedupe_key)
    where dedupe_key is not null and finished_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table work_items`.execute(db);
}
