import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('tenants')
    .addColumn('tenant_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('features', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('logo_png', 'bytea')
    .addColumn('general_info_html', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sales_orgs')
    .addColumn('sales_org_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('sales_org_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('descript', 'text')
    .addColumn('additional_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('logo_png', 'bytea')
    .addUniqueConstraint('sales_orgs_tenant_key_uq', ['tenant_id', 'sales_org_key'])
    .execute();

  await db.schema
    .createTable('plants')
    .addColumn('plant_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_types')
    .addColumn('product_type_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('bg_color', 'text', (c) => c.notNull().defaultTo('#1c7ed6'))
    .addColumn('text_color', 'text', (c) => c.notNull().defaultTo('#ffffff'))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('user_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('sales_org_id', 'integer', (c) => c.references('sales_orgs.sales_org_id').onDelete('set null'))
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('external_issuer', 'text')
    .addColumn('external_subject', 'text')
    .addColumn('is_internal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('de'))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('daily_status_mail', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('profile_image_png', 'bytea')
    .addColumn('company_name', 'text')
    .addColumn('company_name2', 'text')
    .addColumn('street1', 'text')
    .addColumn('street2', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    .addColumn('office_phone', 'text')
    .addColumn('company_mobile', 'text')
    .addColumn('office_fax', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_login_uq on users (lower(login))`.execute(db);
  await sql`create index users_tenant_idx on users (tenant_id)`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await sql`create index sessions_user_idx on sessions (user_id)`.execute(db);

  await db.schema
    .createTable('login_attempts')
    .addColumn('attempt_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .execute();
  await sql`create index login_attempts_login_idx on login_attempts (lower(login), attempted_at)`.execute(db);

  await db.schema
    .createTable('addresses')
    .addColumn('address_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('project_unit_id', 'integer')
    .addColumn('name', 'text')
    .addColumn('street1', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .execute();

  await db.schema
    .createTable('contacts')
    .addColumn('contact_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('project_unit_id', 'integer')
    .addColumn('name', 'text')
    .addColumn('office_phone', 'text')
    .addColumn('office_fax', 'text')
    .addColumn('company_mobile', 'text')
    .addColumn('office_email', 'text')
    .execute();

  await db.schema
    .createTable('project_units')
    .addColumn('project_unit_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('sales_org_id', 'integer', (c) => c.references('sales_orgs.sales_org_id').onDelete('set null'))
    .addColumn('root_project_unit_id', 'integer')
    .addColumn('parent_project_unit_id', 'integer', (c) =>
      c.references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('project_unit_type', 'text', (c) => c.notNull())
    .addColumn('project_unit_type_variant', 'text')
    .addColumn('project_unit_no', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('state_key', 'text', (c) => c.notNull())
    .addColumn('state_since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivery_date', 'date')
    .addColumn('earliest_delivery_date', 'date')
    .addColumn('site_address_id', 'integer', (c) => c.references('addresses.address_id').onDelete('set null'))
    .addColumn('site_contact_id', 'integer', (c) => c.references('contacts.contact_id').onDelete('set null'))
    .addColumn('plant_id', 'integer', (c) => c.references('plants.plant_id').onDelete('set null'))
    .addColumn('product_type_id', 'integer', (c) => c.references('product_types.product_type_id').onDelete('set null'))
    .addColumn('is_bim', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'project_units_type_ck',
      sql`project_unit_type in ('project','subproject','approvallot','drawingjob','folder','aacorderlot','lintelorderlot')`,
    )
    .execute();
  await sql`create index project_units_root_idx on project_units (root_project_unit_id)`.execute(db);
  await sql`create index project_units_parent_idx on project_units (parent_project_unit_id, project_unit_no)`.execute(
    db,
  );
  await sql`create index project_units_tenant_roots_idx on project_units (tenant_id, state_since desc) where parent_project_unit_id is null`.execute(
    db,
  );
  // Titles are unique among siblings for every type but the root project.
  await sql`create unique index project_units_sibling_title_uq on project_units (parent_project_unit_id, lower(title)) where parent_project_unit_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('members')
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('role_keys', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addPrimaryKeyConstraint('members_pk', ['root_project_unit_id', 'user_id'])
    .execute();
  await sql`create index members_user_idx on members (user_id)`.execute(db);

  await db.schema
    .createTable('materials')
    .addColumn('material_id', 'serial', (c) => c.primaryKey())
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('volume', 'double precision', (c) => c.notNull())
    .addColumn('delivery_date', 'date')
    .addUniqueConstraint('materials_unit_type_uq', ['project_unit_id', 'type'])
    .execute();

  await db.schema
    .createTable('product_plant_preliminary_days')
    .addColumn('product_plant_preliminary_days_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.plant_id').onDelete('cascade'))
    .addColumn('product_type_id', 'integer', (c) =>
      c.notNull().references('product_types.product_type_id').onDelete('cascade'),
    )
    .addColumn('preliminary_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`preliminary_days >= 1`),
    )
    .addUniqueConstraint('ppd_plant_product_uq', ['plant_id', 'product_type_id'])
    .execute();

  // Open and closed tasks, one row per holder: the task list reads by user, newest first.
  await db.schema
    .createTable('tasks')
    .addColumn('task_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('task_key', 'text', (c) => c.notNull())
    .addColumn('state_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await sql`create index tasks_user_open_idx on tasks (user_id, created_at desc) where closed_at is null`.execute(db);
  await sql`create index tasks_unit_open_idx on tasks (project_unit_id) where closed_at is null`.execute(db);
  await sql`create unique index tasks_open_uq on tasks (project_unit_id, user_id, task_key) where closed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('mail_outbox')
    .addColumn('mail_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'mail_outbox',
    'tasks',
    'product_plant_preliminary_days',
    'materials',
    'members',
    'project_units',
    'contacts',
    'addresses',
    'login_attempts',
    'sessions',
    'users',
    'product_types',
    'plants',
    'sales_orgs',
    'tenants',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
