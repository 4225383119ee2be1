import { AppError } from '../../../shared/errors';
import { textInLanguage } from '../../../shared/rules/text-in-language';
import type { ExecuteToolInput } from '../../../shared/schemas/projects';
import { isFeatureOn, projectTools } from '../../../shared/rules/features';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import { t } from '../../platform/i18n';
import { findInternalMemberRecipients } from './member-repository';
import * as repo from './unit-repository';
import type { ServiceContext } from '../../platform/context';

/**
 * Project tools: a reviewer change request is e-mailed to the project's internal members,
 * who then change the membership. The tool must be switched on for the project's tenant.
 */
export async function executeTool(
  ctx: ServiceContext,
  user: SessionUser,
  input: ExecuteToolInput,
): Promise<{ ok: true }> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: input.data.rootUnitId });
  if (access.root.project_unit_id !== input.data.rootUnitId) throw new AppError('NotFound');
  if (!isFeatureOn(access.features, 'ProjectTools') || !projectTools(access.features).includes(input.name))
    throw new AppError('NotAllowed');
  const root = await repo.findUnit(ctx.db, input.data.rootUnitId);
  if (!root) throw new AppError('NotFound');
  const recipients = await findInternalMemberRecipients(ctx.db, root.project_unit_id);
  if (recipients.length === 0) throw new AppError('ValidationFailed', 'PROJECT.Tools.NoRecipients');

  const values = {
    requester: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.login,
    login: user.login,
    project: `${root.project_unit_no} ${root.title}`,
    email: input.data.email,
    link: `${ctx.config.publicUrl}/home/app/project/details/${root.project_unit_id}`,
  };
  // Each recipient reads the request in their own language, like every other mail.
  for (const r of recipients) {
    await ctx.mailer.enqueue(ctx.db, {
      tenantId: root.tenant_id,
      to: r.to,
      subject: t(r.language, 'PROJECT.Tools.ReviewerChange.Mail.Subject', values),
      text: t(r.language, 'PROJECT.Tools.ReviewerChange.Mail.Body', { ...values, name: r.name }),
    });
  }
  return { ok: true };
}

/**
 * The tenant's general information (html; the client sanitises it before showing it) in the
 * user's language; without a text there, the text in the tenant's own language, then any.
 */
export async function getTenantInfo(
  ctx: ServiceContext,
  user: SessionUser,
  rootUnitId: number,
): Promise<{ html: string }> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: rootUnitId });
  const tenant = await repo.findTenantFeatures(ctx.db, access.unit.tenant_id);
  const features = (tenant?.features ?? {}) as Record<string, unknown>;
  if (!tenant || !isFeatureOn(features, 'ShowTenantInfo')) return { html: '' };
  return { html: textInLanguage(tenant.general_info_by_language, user.language, tenant.language) };
}

/** Logo of the user's own tenant (`tenantId`) or of one of its sales organisations (`tenantId_salesOrgId`). */
export async function getTenantLogo(ctx: ServiceContext, user: SessionUser, id: string): Promise<Buffer> {
  const match = /^(\d{1,9})(?:_(\d{1,9}))?$/.exec(id);
  if (!match || Number(match[1]) !== user.tenantId) throw new AppError('NotFound');
  const tenant = await repo.findTenantLogo(ctx.db, user.tenantId);
  if (match[2]) {
    const org = await repo.findSalesOrgLogo(ctx.db, user.tenantId, Number(match[2]));
    if (!org) throw new AppError('NotFound');
    if (org.logo_png) return org.logo_png;
  }
  if (!tenant?.logo_png) throw new AppError('NotFound');
  return tenant.logo_png;
}
