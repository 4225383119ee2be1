import { sql, type Kysely } from 'kysely';

/** Workflow definitions, journal, unit params, product-type assignments, reminders, notifications, job runs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workflow_definitions')
    .addColumn('workflow_definition_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('unit_type', 'text', (c) => c.notNull())
    .addColumn('state_key', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('requirement', 'text')
    .addColumn('next_state', 'text', (c) => c.notNull())
    .addColumn('guard', 'text')
    .addColumn('holders', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('escalation', 'jsonb')
    .addColumn('opens_task', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index workflow_definitions_uq on workflow_definitions (tenant_id, unit_type, state_key, coalesce(requirement, ''), coalesce(guard, ''))`.execute(
    db,
  );

  await db.schema
    .createTable('project_unit_journal')
    .addColumn('project_units_journal_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('user_email', 'text')
    .addColumn('content_json', 'jsonb', (c) => c.notNull())
    .addColumn('delayed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rule', 'jsonb')
    .addColumn('reminder_id', 'bigint')
    .execute();
  await sql`create index project_unit_journal_root_idx on project_unit_journal (root_project_unit_id, created_at desc)`.execute(
    db,
  );

  await db.schema
    .createTable('project_unit_params')
    .addColumn('project_unit_param_id', 'serial', (c) => c.primaryKey())
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('param_key', 'text', (c) => c.notNull())
    .addColumn('param_value', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index project_unit_params_unit_idx on project_unit_params (project_unit_id, param_key, created_on desc)`.execute(
    db,
  );

  await db.schema
    .createTable('project_unit_product_type_assignments')
    .addColumn('assignment_id', 'serial', (c) => c.primaryKey())
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('product_type_id', 'integer', (c) =>
      c.notNull().references('product_types.product_type_id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('pupta_unit_type_uq', ['project_unit_id', 'product_type_id'])
    .execute();

  // One row per reminder or escalation sent for one stay of a unit in a state: never twice.
  await db.schema
    .createTable('workflow_reminders')
    .addColumn('reminder_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('state_key', 'text', (c) => c.notNull())
    .addColumn('state_since', 'timestamptz', (c) => c.notNull())
    .addColumn('rule_key', 'text', (c) => c.notNull().check(sql`rule_key in ('reminder', 'escalation')`))
    .addColumn('rule', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('workflow_reminders_uq', ['project_unit_id', 'state_since', 'rule_key'])
    .execute();
  await sql`create index workflow_reminders_tenant_idx on workflow_reminders (tenant_id, created_at desc)`.execute(db);

  await db.schema
    .createTable('workflow_notifications')
    .addColumn('notification_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('username', 'text')
    .addColumn('material_data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index workflow_notifications_tenant_idx on workflow_notifications (tenant_id, created_at desc)`.execute(
    db,
  );

  // A scheduled job's run (job name + run key, e.g. a day) is claimed by exactly one instance.
  await db.schema
    .createTable('job_runs')
    .addColumn('job_name', 'text', (c) => c.notNull())
    .addColumn('run_key', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addPrimaryKeyConstraint('job_runs_pk', ['job_name', 'run_key'])
    .execute();

  // The daily task status e-mail: one per user and day, never two.
  await db.schema
    .createTable('daily_status_mails')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_status_mails_pk', ['user_id', 'day'])
    .execute();

  await sql`create index tasks_user_changed_idx on tasks (user_id, created_at desc, task_id desc) where closed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tasks_user_changed_idx`.execute(db);
  for (const t of [
    'daily_status_mails',
    'job_runs',
    'workflow_notifications',
    'workflow_reminders',
    'project_unit_product_type_assignments',
    'project_unit_params',
    'project_unit_journal',
    'workflow_definitions',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
