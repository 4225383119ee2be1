import { sql, type Kysely } from 'kysely';

/** Single-use account links, banner notifications and per-tenant OpenID Connect settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('password-reset', 'account-delete')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`create index account_tokens_user_idx on account_tokens (user_id, purpose)`.execute(db);

  await db.schema
    .createTable('banner_notifications')
    .addColumn('notification_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull().check(sql`level in ('info', 'warning', 'important')`))
    .addColumn('show_from', 'timestamptz', (c) => c.notNull())
    .addColumn('show_until', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index banner_notifications_tenant_idx on banner_notifications (tenant_id, show_from desc)`.execute(
    db,
  );

  await db.schema
    .createTable('banner_notification_sales_orgs')
    .addColumn('notification_id', 'integer', (c) =>
      c.notNull().references('banner_notifications.notification_id').onDelete('cascade'),
    )
    .addColumn('sales_org_id', 'integer', (c) => c.notNull().references('sales_orgs.sales_org_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('banner_notification_sales_orgs_pk', ['notification_id', 'sales_org_id'])
    .execute();

  await db.schema
    .createTable('tenant_oidc')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['tenant_oidc', 'banner_notification_sales_orgs', 'banner_notifications', 'account_tokens']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
