import type { z } from 'zod';
import { AppError, fieldError } from '../../../shared/errors';
import type { ListQueryString } from '../../../shared/schemas/list';
import { languageSchema } from '../../../shared/schemas/common';
import type { AdminUser, InviteUser, UpdateUser } from '../../../shared/schemas/users';
import { inviteUserSchema, updateUserSchema, userStatusSchema } from '../../../shared/schemas/users';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { fetchList, parseListQuery, type ListResource } from '../../platform/list-query';
import { t } from '../../platform/i18n';
import { INVITATION_VALID_MS, isInviter, sendInvitation, setInvitedBy } from './invitations';
import * as repo from './repository';

const userList: ListResource = {
  fields: {
    login: { column: 'u.login', type: 'text', sortable: true, filterable: true },
    email: { column: 'u.email', type: 'text', sortable: true, filterable: true },
    name: { column: 'u.name', type: 'text', sortable: true, filterable: true },
    firstName: { column: 'u.first_name', type: 'text', sortable: true, filterable: true },
    lastName: { column: 'u.last_name', type: 'text', sortable: true, filterable: true },
    isInternal: { column: 'u.is_internal', type: 'boolean', sortable: true, filterable: true },
    isAdmin: { column: 'u.is_admin', type: 'boolean', sortable: true, filterable: true },
    isExternalLogin: { column: 'u.is_external_login', type: 'boolean', sortable: true, filterable: true },
    status: { column: 'u.status', type: 'text', sortable: true, filterable: true },
    salesOrgID: { column: 'u.sales_org_id', type: 'number', sortable: true, filterable: true },
    createdAt: { column: 'u.created_at', type: 'date', sortable: true, filterable: true },
  },
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  tieBreaker: 'u.user_id',
  defaultTop: 20,
  maxTop: 100,
};

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findTenantUser>>>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An admin user row as the admin `viewerId` sees it (whether they sent its open invitation). */
function toAdminUser(r: UserRow, viewerId: number): AdminUser {
  return {
    userID: r.user_id,
    login: r.login,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    isInternal: r.is_internal,
    isAdmin: r.is_admin,
    isExternalLogin: r.is_external_login,
    salesOrgID: r.sales_org_id,
    language: languageSchema.catch('de').parse(r.language),
    status: userStatusSchema.catch('active').parse(r.status),
    invitationExpiresAt: r.status === 'invited' ? iso(r.invitation_expires_at) : null,
    invitationByMe: r.status === 'invited' && r.invited_by === viewerId,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The columns of the fields an admin sets at the invitation and later changes. */
const userColumns = (input: z.output<typeof updateUserSchema>) => ({
  first_name: input.firstName,
  last_name: input.lastName,
  is_internal: input.isInternal,
  is_admin: input.isAdmin,
  sales_org_id: input.salesOrgID,
  language: input.language,
});

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
const loginTaken = () =>
  new AppError('Conflict', [{ messageType: 'Error', message: 'ADMIN.Users.LoginTaken', reference: 'email' }]);
const conflict = (message: string) => new AppError('Conflict', message);

async function checkSalesOrg(db: Database, tenantId: number, salesOrgId: number | null): Promise<void> {
  if (salesOrgId === null) return;
  if (!(await repo.salesOrgExists(db, tenantId, salesOrgId))) throw fieldError('salesOrgID', 'ERRORMESSAGES.NotFound');
}

async function getUser(db: Database, viewer: SessionUser, userId: number): Promise<AdminUser> {
  const row = await repo.findTenantUser(db, viewer.tenantId, userId);
  if (!row) throw new AppError('NotFound');
  return toAdminUser(row, viewer.userId);
}

export async function listUsers(ctx: ServiceContext, user: SessionUser, query: ListQueryString) {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const list = parseListQuery(userList, { ...query, $count: 'true' });
  const { data, count } = await fetchList(repo.userListBase(ctx.db, user.tenantId), list);
  return { data: data.map((r) => toAdminUser(r, user.userId)), count: count ?? data.length };
}

export async function getTenantUser(ctx: ServiceContext, user: SessionUser, userId: number): Promise<AdminUser> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  return getUser(ctx.db, user, userId);
}

/**
 * Creates the user of the tenant with the e-mail address as login (unique in any letter case)
 * and mails the invitation: a link to set the password, or for company sign-in only, a link to
 * the sign-in page.
 *
 * A login held in ANOTHER tenant is not told (it would say who uses Planport elsewhere): the
 * answer is the one of a new invitation, nobody is created, and the person gets a neutral mail
 * that someone tried to add them. A login of the admin's own tenant is still refused as taken:
 * the admin sees those users anyway (docs/decisions/011-user-onboarding.md).
 */
export async function inviteUser(ctx: ServiceContext, user: SessionUser, raw: InviteUser): Promise<AdminUser> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const input = inviteUserSchema.parse(raw);
  const result = await ctx.db
    .transaction()
    .execute(async (trx) => {
      try {
        const id = await insertInvitedUser(trx, user.tenantId, input);
        await setInvitedBy(trx, id, user.userId);
        await sendInvitation({ ...ctx, db: trx }, user.tenantId, id);
        return id;
      } catch (err) {
        if (!(err instanceof LoginElsewhere)) throw err;
        return answerAsNew({ ...ctx, db: trx }, user.tenantId, input, err.owner);
      }
    })
    .catch(rethrowLoginTaken);
  return typeof result === 'number' ? getUser(ctx.db, user, result) : result;
}

/** Signal of `insertInvitedUser`: the login belongs to a user of another tenant. */
export class LoginElsewhere extends Error {
  constructor(readonly owner: NonNullable<Awaited<ReturnType<typeof repo.findLoginOwner>>>) {
    super('login of another tenant');
  }
}

/**
 * For a login of another tenant: a neutral mail to the person (not for a deleted account) and an
 * id no row will have, for an answer like a new invitation's. Any path that creates users uses it.
 */
export async function noticeLoginElsewhere(
  ctx: ServiceContext,
  tenantId: number,
  owner: LoginElsewhere['owner'],
): Promise<number> {
  if (owner.deleted_at === null) {
    const tenant = await repo.findTenantName(ctx.db, tenantId);
    const lang = languageSchema.catch('de').parse(owner.language);
    const values = {
      name: [owner.first_name, owner.last_name].filter(Boolean).join(' ') || owner.login,
      tenant: tenant.name,
      link: `${ctx.config.publicUrl}/login`,
    };
    // A mail of no tenant: neither admin sees it in their outbox.
    await ctx.mailer.enqueue(ctx.db, {
      tenantId: null,
      to: owner.email ?? owner.login,
      subject: t(lang, 'ACCOUNT.AddAttempt.Mail.Subject', values),
      text: t(lang, 'ACCOUNT.AddAttempt.Mail.Body', values),
    });
  }
  return repo.burnUserId(ctx.db);
}

/** The answer of a new invitation for a login of another tenant: the same fields, nobody created. */
async function answerAsNew(
  ctx: ServiceContext,
  tenantId: number,
  input: z.output<typeof inviteUserSchema>,
  owner: LoginElsewhere['owner'],
): Promise<AdminUser> {
  const now = ctx.clock.now();
  const email = input.email.trim().toLowerCase();
  return {
    userID: await noticeLoginElsewhere(ctx, tenantId, owner),
    login: email,
    email,
    firstName: input.firstName,
    lastName: input.lastName,
    isInternal: input.isInternal,
    isAdmin: input.isAdmin,
    isExternalLogin: input.companySignInOnly,
    salesOrgID: input.salesOrgID,
    language: input.language,
    status: 'invited',
    invitationExpiresAt: input.companySignInOnly ? null : new Date(now.getTime() + INVITATION_VALID_MS).toISOString(),
    invitationByMe: true,
    createdAt: now.toISOString(),
  };
}

/**
 * Inserts an invited user of the tenant (no password yet) in the caller's transaction; the
 * e-mail address is the login, unique in any letter case. No access check: the caller has made it.
 */
export async function insertInvitedUser(
  trx: Database,
  tenantId: number,
  input: z.output<typeof inviteUserSchema>,
): Promise<number> {
  const email = input.email.trim().toLowerCase();
  await checkSalesOrg(trx, tenantId, input.salesOrgID);
  const owner = await repo.findLoginOwner(trx, email);
  if (owner && owner.tenant_id === tenantId) throw loginTaken();
  let issuer: string | null = null;
  if (input.companySignInOnly) {
    const oidc = await repo.findTenantOidc(trx, tenantId);
    if (!oidc) throw fieldError('companySignInOnly', 'ADMIN.Users.NoCompanySignIn');
    issuer = oidc.issuer;
  }
  // After the checks a new login gets too, so both answers agree on every refusal.
  if (owner) throw new LoginElsewhere(owner);
  const row = await repo.insertUser(trx, {
    tenant_id: tenantId,
    login: email,
    email,
    password_hash: null,
    external_issuer: issuer,
    ...userColumns(input),
  });
  return row.user_id;
}

/** Two invitations of the same address at once: the unique index decides, the loser hears "taken". */
export function rethrowLoginTaken(err: unknown): never {
  if (isUniqueViolation(err) || err instanceof LoginElsewhere) throw loginTaken();
  throw err;
}

/** Sends a new invitation (the old link stops working); only while the user has not accepted. */
/** Sends the invitation again: an admin of the tenant, or the member who invited the person. */
export async function resendInvitation(ctx: ServiceContext, user: SessionUser, userId: number): Promise<AdminUser> {
  if (!(await isInviter(ctx, user, userId))) await requireAccess(ctx.db, user, { permission: 'admin' });
  const row = await getUser(ctx.db, user, userId);
  if (row.status !== 'invited') throw conflict('ADMIN.Users.NotInvited');
  await ctx.db.transaction().execute((trx) => sendInvitation({ ...ctx, db: trx }, user.tenantId, userId));
  return getUser(ctx.db, user, userId);
}

export async function updateUser(
  ctx: ServiceContext,
  user: SessionUser,
  userId: number,
  raw: UpdateUser,
): Promise<AdminUser> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const input = updateUserSchema.parse(raw);
  await ctx.db.transaction().execute(async (trx) => {
    const target = await repo.findUserState(trx, user.tenantId, userId);
    if (!target) throw new AppError('NotFound');
    await checkSalesOrg(trx, user.tenantId, input.salesOrgID);
    if (target.is_admin && !input.isAdmin && (await repo.countOtherActiveAdmins(trx, user.tenantId, userId)) === 0) {
      throw conflict('ADMIN.Users.LastAdmin');
    }
    await repo.updateTenantUser(trx, user.tenantId, userId, userColumns(input));
  });
  return getUser(ctx.db, user, userId);
}

/**
 * Deactivates a user: sign-in is refused, every session and open account link ends at once.
 * Not oneself, and never the tenant's last active admin.
 */
export async function deactivateUser(ctx: ServiceContext, user: SessionUser, userId: number): Promise<AdminUser> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  await ctx.db.transaction().execute(async (trx) => {
    const target = await repo.findUserState(trx, user.tenantId, userId);
    if (!target) throw new AppError('NotFound');
    if (userId === user.userId) throw conflict('ADMIN.Users.NotSelf');
    if (target.deactivated_at !== null) return;
    if (target.is_admin && (await repo.countOtherActiveAdmins(trx, user.tenantId, userId)) === 0) {
      throw conflict('ADMIN.Users.LastAdmin');
    }
    await repo.deactivate(trx, userId, ctx.clock.now());
  });
  return getUser(ctx.db, user, userId);
}

/** Lets a deactivated user sign in again (an open invitation has to be sent again). */
export async function reactivateUser(ctx: ServiceContext, user: SessionUser, userId: number): Promise<AdminUser> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  if (!(await repo.reactivate(ctx.db, user.tenantId, userId))) throw new AppError('NotFound');
  return getUser(ctx.db, user, userId);
}
