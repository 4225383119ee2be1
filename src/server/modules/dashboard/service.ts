import { AppError, fieldError } from '../../../shared/errors';
import type { SalesOrganisation, SalesOrgRequestMail } from '../../../shared/schemas/dashboard';
import { logoIdentifier } from '../../../shared/rules/project-list';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { countCurrentProjects } from '../project-lists/repository';
import * as repo from './repository';
import { renderSalesOrgRequestMail } from './sales-org-mail';

// Each function reads only the signed-in user's own data (their tasks, their readable
// projects, their tenant's sales organisations), so the session is the access check.

export async function getProjectCount(ctx: ServiceContext, user: SessionUser): Promise<{ count: number }> {
  return { count: await countCurrentProjects(ctx.db, user) };
}

export async function getTaskCount(ctx: ServiceContext, user: SessionUser): Promise<{ count: number }> {
  return { count: await repo.countOpenTasks(ctx.db, user.userId) };
}

const text = (info: Record<string, unknown>, key: string) => {
  const v = info[key];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

/** Only http(s) homepages become links; anything else would be a script vector in an href. */
const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

export async function listSalesOrganisations(
  ctx: ServiceContext,
  user: SessionUser,
  productKey: string,
): Promise<{ data: SalesOrganisation[] }> {
  const rows = await repo.findSalesOrgs(ctx.db, user.tenantId);
  return {
    data: rows.map((r) => {
      const info = (r.additional_info ?? {}) as Record<string, unknown>;
      const imageUrl = r.has_logo
        ? `/api/data/${productKey}/tenantfiles/${logoIdentifier(r.tenant_id, r.sales_org_id)}/thumbnail.png`
        : safeUrl(text(info, 'imageUrl'));
      return {
        salesOrgID: r.sales_org_id,
        title: r.title,
        descript: r.descript,
        hasImage: imageUrl !== null,
        imageUrl,
        salesOrgUrl: safeUrl(text(info, 'homepage')),
        contactMail: text(info, 'contactmail'),
      };
    }),
  };
}

/**
 * Sends the new-project request to a sales organisation. The recipient must be the contact
 * address of a sales organisation of the user's own tenant, so the portal never mails an
 * arbitrary address; the sender (id and login) must be the signed-in user.
 */
export async function sendSalesOrgRequest(
  ctx: ServiceContext,
  user: SessionUser,
  input: SalesOrgRequestMail,
): Promise<{ ok: true }> {
  if (input.SenderUserID !== user.userId) throw fieldError('SenderUserID', 'ERRORMESSAGES.NotAllowed');
  if (input.SenderMail.toLowerCase() !== user.login.toLowerCase())
    throw fieldError('SenderMail', 'ERRORMESSAGES.NotAllowed');
  const salesOrg = await repo.findSalesOrgByContactMail(ctx.db, user.tenantId, input.RecipientMail);
  if (!salesOrg) throw new AppError('NotFound');
  const recipient = text((salesOrg.additional_info ?? {}) as Record<string, unknown>, 'contactmail');
  if (!recipient) throw new AppError('NotFound');
  const createLink = `${ctx.config.publicUrl.replace(/\/$/, '')}/home/app/current-projects-list?create=1&member=${user.userId}`;
  const mail = renderSalesOrgRequestMail(input, salesOrg.title, user.language, createLink);
  await ctx.mailer.enqueue(ctx.db, { tenantId: user.tenantId, to: recipient, subject: mail.subject, text: mail.text });
  return { ok: true };
}
