import { sql, type Insertable, type Updateable } from 'kysely';
import { deletedLogin } from '../../../shared/rules/deleted-user';
import { sessionsEnded } from '../../platform/auth/session-ends';
import type { Database } from '../../platform/db/database';
import type { UsersTable } from '../../platform/db/schema';
import type { AccountTokensTable } from '../../platform/db/tables/profile-admin';

export function findProfile(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'user_id',
      'login',
      'language',
      'first_name',
      'last_name',
      'daily_status_mail',
      'external_issuer',
      'company_name',
      'street1',
      'street2',
      'zip',
      'city',
      'office_phone',
      'company_mobile',
    ])
    .select((eb) => eb('profile_image_png', 'is not', null).as('has_image'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function updateUser(db: Database, userId: number, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('user_id', '=', userId).execute();
}

export function findPasswordHash(db: Database, userId: number) {
  return db.selectFrom('users').select(['password_hash']).where('user_id', '=', userId).executeTakeFirst();
}

/** The image of a user of the given tenant (null when there is none or the user is foreign). */
export async function findProfileImage(db: Database, userId: number, tenantId: number): Promise<Buffer | null> {
  const row = await db
    .selectFrom('users')
    .select(['profile_image_png'])
    .where('user_id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.profile_image_png ?? null;
}

/** An active user to send an account mail to, by login (any case) or id. */
export function findUserForMail(db: Database, where: { login?: string; userId?: number }) {
  let q = db
    .selectFrom('users')
    .select([
      'user_id',
      'tenant_id',
      'login',
      'email',
      'language',
      'first_name',
      'last_name',
      'password_hash',
      'external_issuer',
    ])
    .where('deleted_at', 'is', null)
    .where('deactivated_at', 'is', null);
  if (where.login !== undefined) q = q.where(sql<string>`lower(login)`, '=', where.login.toLowerCase());
  if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
  return q.executeTakeFirst();
}

/** Sets the password of a local-login user (an external-login user has none). */
export async function setLocalPassword(db: Database, userId: number, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash })
    .where('user_id', '=', userId)
    .where('external_issuer', 'is', null)
    .execute();
}

/** Removes the personal data of a user, ends the sessions and the open links; the rows that reference the user stay. */
export async function anonymiseUser(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({
      login: deletedLogin(userId),
      email: null,
      password_hash: null,
      external_issuer: null,
      external_subject: null,
      first_name: null,
      last_name: null,
      profile_image_png: null,
      company_name: null,
      company_name2: null,
      street1: null,
      street2: null,
      zip: null,
      city: null,
      office_phone: null,
      company_mobile: null,
      office_fax: null,
      daily_status_mail: false,
      deleted_at: now,
    })
    .where('user_id', '=', userId)
    .execute();
  // The journal keeps a copy of the e-mail address; it becomes the deleted login too.
  await db
    .updateTable('project_unit_journal')
    .set({ user_email: deletedLogin(userId) })
    .where('user_id', '=', userId)
    .execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  sessionsEnded(userId);
}

/** Stores a new link token and ends the user's older open ones of the purpose. */
export async function replaceOpenToken(db: Database, row: Insertable<AccountTokensTable>): Promise<void> {
  const replace = async (trx: Database) => {
    await trx
      .deleteFrom('account_tokens')
      .where('user_id', '=', row.user_id)
      .where('purpose', '=', row.purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx.insertInto('account_tokens').values(row).execute();
  };
  // Inside the caller's transaction (the token and its mail commit together), else in its own.
  await (db.isTransaction ? replace(db) : db.transaction().execute(replace));
}

/** Marks a valid token as used: the update is the check, so a token works only once. */
export async function markTokenUsed(
  db: Database,
  tokenHash: string,
  purpose: AccountTokensTable['purpose'],
  now: Date,
) {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
