import type { Database } from '../../platform/db/database';

function selectMembers(db: Database, rootId: number) {
  return db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select([
      'u.user_id',
      'u.login',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.company_name',
      'u.company_name2',
      'u.street1',
      'u.street2',
      'u.zip',
      'u.city',
      'u.office_phone',
      'u.company_mobile',
      'u.office_fax',
      'u.tenant_id',
      'u.sales_org_id',
      'u.is_internal',
      'm.role_keys',
    ])
    .select((eb) => eb('u.profile_image_png', 'is not', null).as('has_profile_image'))
    .where('m.root_project_unit_id', '=', rootId)
    .where('u.deleted_at', 'is', null);
}

export type MemberRow = Awaited<ReturnType<typeof findMembers>>[number];

export function findMembers(db: Database, rootId: number) {
  return selectMembers(db, rootId).orderBy('u.last_name').orderBy('u.first_name').orderBy('u.user_id').execute();
}

export function findMember(db: Database, rootId: number, userId: number) {
  return selectMembers(db, rootId).where('u.user_id', '=', userId).executeTakeFirst();
}

/** E-mail addresses of the root's internal members (recipients of tool requests). */
/** The project's internal members as mail recipients, each with the language and name the mail uses. */
export async function findInternalMemberRecipients(
  db: Database,
  rootId: number,
): Promise<{ to: string; language: string; name: string }[]> {
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['u.email', 'u.login', 'u.language', 'u.first_name', 'u.last_name'])
    .where('m.root_project_unit_id', '=', rootId)
    .where('u.is_internal', '=', true)
    .where('u.deleted_at', 'is', null)
    .execute();
  const byAddress = new Map<string, { to: string; language: string; name: string }>();
  for (const r of rows) {
    const to = r.email ?? r.login;
    const name = [r.first_name, r.last_name].filter(Boolean).join(' ') || to;
    if (!byAddress.has(to)) byAddress.set(to, { to, language: r.language, name });
  }
  return [...byAddress.values()];
}
