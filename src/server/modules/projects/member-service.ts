import { AppError } from '../../../shared/errors';
import type { Member } from '../../../shared/schemas/projects';
import { isFeatureOn } from '../../../shared/rules/features';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import * as repo from './member-repository';
import type { ServiceContext } from '../../platform/context';

function toMember(row: repo.MemberRow, hideEmail: boolean, viewerId: number): Member {
  return {
    userID: row.user_id,
    // The login is the e-mail address, so it is hidden together with it.
    userLogin: hideEmail ? null : row.login,
    email: hideEmail ? null : (row.email ?? row.login),
    firstName: row.first_name,
    lastName: row.last_name,
    name: row.company_name,
    name2: row.company_name2,
    memberRoleKeys: row.role_keys,
    officePhone: row.office_phone,
    companyMobile: row.company_mobile,
    officeFax: row.office_fax,
    tenantID: row.tenant_id,
    salesOrgID: row.sales_org_id,
    street1: row.street1,
    street2: row.street2,
    zip: row.zip,
    city: row.city,
    isInternal: row.is_internal,
    hasProfileImage: Boolean(row.has_profile_image),
    isActive: row.deactivated_at === null,
    // Only the person who invited a member who has not signed in yet may hand the invitation on.
    invitationByMe: Boolean(row.invitation_pending) && row.deactivated_at === null && row.invited_by === viewerId,
  };
}

/** Members of the unit's root project. */
export async function listMembers(ctx: ServiceContext, user: SessionUser, unitId: number): Promise<{ data: Member[] }> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  const hide = isFeatureOn(access.features, 'HideMemberEMail');
  const rows = await repo.findMembers(ctx.db, access.root.project_unit_id);
  return { data: rows.map((r) => toMember(r, hide, user.userId)) };
}

/** One member's profile; only members of that root are found. */
export async function getMemberProfile(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  userId: number,
): Promise<Member> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: rootId });
  if (access.root.project_unit_id !== rootId) throw new AppError('NotFound');
  const row = await repo.findMember(ctx.db, rootId, userId);
  if (!row) throw new AppError('NotFound');
  return toMember(row, isFeatureOn(access.features, 'HideMemberEMail'), user.userId);
}
