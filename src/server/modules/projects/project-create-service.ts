import { AppError } from '../../../shared/errors';
import { roleKeys as knownRoleKeys } from '../../../shared/schemas/project-unit';
import type { CreateProjectBody, ProjectCreationContext } from '../../../shared/schemas/project-onboarding';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { emitEvent } from '../../platform/events';
import { openTasksForNewUnit } from '../workflow/engine';
import { deactivatedUser, journalOnRoot, mailAddedMember } from './member-manage-service';
import * as members from './member-repository';
import { memberTexts } from './member-texts';
import * as site from './site-repository';
import { nextRootNo } from './unit-numbers';
import * as units from './unit-repository';

const hasText = (o: Record<string, string | null | undefined> | null | undefined) =>
  !!o && Object.values(o).some((v) => typeof v === 'string' && v.trim() !== '');
const orNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** Whether the user may create projects, with the tenant's sales organisations for the dialog. */
export async function getCreationContext(ctx: ServiceContext, user: SessionUser): Promise<ProjectCreationContext> {
  try {
    await requireAccess(ctx.db, user, { permission: 'project.create' });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NotAllowed')
      return { canCreate: false, salesOrgs: [], defaultSalesOrgID: null };
    throw err;
  }
  const rows = await members.findSalesOrgs(ctx.db, user.tenantId);
  const own = rows.find((r) => r.sales_org_id === user.salesOrgId);
  return {
    canCreate: true,
    salesOrgs: rows.map((r) => ({ salesOrgID: r.sales_org_id, title: r.title })),
    defaultSalesOrgID: own?.sales_org_id ?? rows[0]?.sales_org_id ?? null,
  };
}

function duplicate(title: string): AppError {
  return new AppError('DuplicateElement', [
    { messageType: 'Error', message: 'PROJECT.Duplicate.Message', reference: title.trim() },
  ]);
}

/**
 * A new root project (DESIGN.md §3): number from the tenant's yearly sequence, title unique in
 * the tenant, the creator and the initial members, site address and contact, Structuring with
 * its tasks, a journal entry; the added members are told by mail.
 */
export async function createProject(
  ctx: ServiceContext,
  user: SessionUser,
  input: CreateProjectBody,
): Promise<{ projectUnitID: number; projectUnitNo: string }> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.create' });
  const tenantId = access.tenantId;
  if (!(await members.findSalesOrg(ctx.db, tenantId, input.salesOrgID))) throw new AppError('NotFound');

  // The members: all users of this tenant; the creator joins with their own roles unless listed.
  const wanted = new Map<number, string[]>();
  for (const m of input.members) wanted.set(m.userID, [...new Set(m.memberRoleKeys)]);
  const users = await members.findUsersByIds(ctx.db, [...new Set([...wanted.keys(), user.userId])]);
  if (users.some((u) => u.tenant_id !== tenantId) || users.length !== new Set([...wanted.keys(), user.userId]).size)
    throw new AppError('NotFound');
  const inactive = users.find((u) => u.deactivated_at !== null && u.user_id !== user.userId);
  if (inactive) throw deactivatedUser(inactive.login);
  if (!wanted.has(user.userId)) {
    const self = users.find((u) => u.user_id === user.userId);
    const own = (self?.role_keys ?? []).filter((r) => (knownRoleKeys as readonly string[]).includes(r));
    wanted.set(user.userId, own.length > 0 ? own : ['projectCoordinator']);
  }

  const now = ctx.clock.now();
  const title = input.title.trim();
  const t = memberTexts(user.language);
  const created = await ctx.db.transaction().execute(async (trx) => {
    // The sequence row is locked from here to the commit, so the title check below cannot race.
    const no = await nextRootNo(trx, tenantId, now.getUTCFullYear());
    if (await members.rootTitleTaken(trx, tenantId, title)) throw duplicate(title);
    const id = await units.insertUnit(trx, {
      tenant_id: tenantId,
      sales_org_id: input.salesOrgID,
      root_project_unit_id: null,
      parent_project_unit_id: null,
      project_unit_type: 'project',
      project_unit_type_variant: null,
      project_unit_no: no,
      title,
      notes: input.notes?.trim() || null,
      state_key: 'Structuring',
      state_since: now,
      is_bim: input.isBim,
      created_by: user.userId,
      created_at: now,
      updated_at: now,
    });
    const link: { root_project_unit_id: number; site_address_id?: number; site_contact_id?: number } = {
      root_project_unit_id: id,
    };
    if (hasText(input.siteAddress) && input.siteAddress) {
      const a = input.siteAddress;
      const row = await site.insertAddress(trx, {
        tenant_id: tenantId,
        project_unit_id: id,
        name: orNull(a.name),
        street1: orNull(a.street1),
        zip: orNull(a.zip),
        city: orNull(a.city),
        country: orNull(a.country),
      });
      link.site_address_id = row.address_id;
    }
    if (hasText(input.siteContact) && input.siteContact) {
      const c = input.siteContact;
      const row = await site.insertContact(trx, {
        tenant_id: tenantId,
        project_unit_id: id,
        name: orNull(c.name),
        office_phone: orNull(c.officePhone),
        office_fax: orNull(c.officeFax),
        company_mobile: orNull(c.companyMobile),
        office_email: orNull(c.officeEMail),
      });
      link.site_contact_id = row.contact_id;
    }
    await units.updateUnit(trx, id, link);
    await members.insertMembers(
      trx,
      id,
      [...wanted].map(([userId, roleKeys]) => ({ userId, roleKeys })),
    );
    await emitEvent(trx, {
      type: 'project.created',
      tenantId,
      rootProjectUnitId: id,
      projectUnitId: id,
      actorUserId: user.userId,
      subject: { kind: 'unit', id },
    });
    await openTasksForNewUnit(trx, id, now, user.userId);
    await journalOnRoot(
      trx,
      { project_unit_id: id, tenant_id: tenantId, state_key: 'Structuring' },
      user,
      now,
      t.created(no),
      null,
    );
    for (const u of users) {
      if (u.user_id === user.userId) continue;
      await mailAddedMember(
        ctx,
        trx,
        user,
        u,
        { project_unit_id: id, project_unit_no: no, title, tenant_id: tenantId },
        wanted.get(u.user_id) ?? [],
      );
    }
    return { projectUnitID: id, projectUnitNo: no };
  });
  return created;
}
