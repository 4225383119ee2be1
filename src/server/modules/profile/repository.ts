import type { Updateable } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { UsersTable } from '../../platform/db/schema';

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
