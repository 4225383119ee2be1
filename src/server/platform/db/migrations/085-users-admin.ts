import { sql, type Kysely } from 'kysely';

/**
 * User administration and company sign-in settings: users can be deactivated, invitations are
 * single-use account links, and a tenant's OpenID Connect settings carry a button label and an
 * on/off switch (the client secret column now holds an AES-256-GCM envelope).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deactivated_at', 'timestamptz').execute();
  await sql`alter table account_tokens drop constraint if exists account_tokens_purpose_check`.execute(db);
  await sql`alter table account_tokens add constraint account_tokens_purpose_check
    check (purpose in ('password-reset', 'account-delete', 'invitation'))`.execute(db);
  await db.schema.alterTable('tenant_oidc').addColumn('button_label', 'text').execute();
  await db.schema
    .alterTable('tenant_oidc')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.alterTable('tenant_oidc').addColumn('updated_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenant_oidc')
    .dropColumn('updated_at')
    .dropColumn('enabled')
    .dropColumn('button_label')
    .execute();
  await sql`delete from account_tokens where purpose = 'invitation'`.execute(db);
  await sql`alter table account_tokens drop constraint if exists account_tokens_purpose_check`.execute(db);
  await sql`alter table account_tokens add constraint account_tokens_purpose_check
    check (purpose in ('password-reset', 'account-delete'))`.execute(db);
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
