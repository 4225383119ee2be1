import { AppError } from '../../../shared/errors';
import type { ListQueryString } from '../../../shared/schemas/list';
import type { MemberCandidate, MemberInput, MemberRolesInput } from '../../../shared/schemas/project-onboarding';
import type { StateKey } from '../../../shared/schemas/project-unit';
import { requireAccess, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { fetchList, parseListQuery, type ListResource } from '../../platform/list-query';
import { emitEvent } from '../../platform/events';
import { preferenceFooter } from '../notifications/event-mails';
import { immediateRecipients, unsubscribeHeaders } from '../notifications/mail-preferences';
import { insertJournal } from '../workflow/repository';
import * as repo from './member-repository';
import { grantMemberTasks, handOverTasks } from './member-tasks';
import { memberTexts, personName, renderMemberAddedMail, roleList } from './member-texts';

/** Journals a member change on the root project (the state stays; the message says what changed). */
export async function journalOnRoot(
  trx: Database,
  root: { project_unit_id: number; tenant_id: number; state_key: StateKey },
  user: SessionUser,
  now: Date,
  message: string,
  oldState: StateKey | null = root.state_key,
): Promise<void> {
  await insertJournal(trx, {
    tenantId: root.tenant_id,
    rootId: root.project_unit_id,
    unitId: root.project_unit_id,
    now,
    userId: user.userId,
    userEmail: user.login,
    content: { oldState, newState: root.state_key, additionalMessage: message },
    delayed: false,
    rule: null,
  });
}

type TenantUser = NonNullable<Awaited<ReturnType<typeof repo.findTenantUser>>>;

/** Queues the "you were added" mail in the member's language, in the transaction `trx` of the change. */
export async function mailAddedMember(
  ctx: ServiceContext,
  trx: Database,
  by: SessionUser,
  member: TenantUser,
  project: { project_unit_id: number; project_unit_no: string; title: string; tenant_id: number },
  roleKeys: string[],
): Promise<void> {
  const event = await emitEvent(trx, {
    type: 'member.added',
    tenantId: project.tenant_id,
    rootProjectUnitId: project.project_unit_id,
    projectUnitId: project.project_unit_id,
    actorUserId: by.userId,
    subject: { kind: 'user', id: member.user_id },
    data: { userId: member.user_id, roleKeys },
  });
  // By the member's mail preference (the notification's recipient rule: may read the project).
  const [recipient] = await immediateRecipients(trx, event);
  if (!recipient) return;
  const mail = renderMemberAddedMail({
    language: member.language,
    recipientName: personName(member),
    addedBy: [by.firstName, by.lastName].filter(Boolean).join(' ') || by.login,
    projectNo: project.project_unit_no,
    projectTitle: project.title,
    roleKeys,
    link: `${ctx.config.publicUrl.replace(/\/$/, '')}/home/app/project/details/${project.project_unit_id}`,
  });
  await ctx.mailer.enqueue(trx, {
    tenantId: project.tenant_id,
    to: recipient.to,
    subject: mail.subject,
    text: `${mail.text}\n\n${preferenceFooter(member.language, ctx.config, member.user_id, 'member.added').text}`,
    headers: unsubscribeHeaders(ctx.config, member.user_id, 'member.added'),
  });
}

function rootOf(db: Database, access: ProjectAccess) {
  return repo.findRootForMembers(db, access.root.project_unit_id);
}

const unique = (keys: string[]) => [...new Set(keys)];

/** A deactivated user cannot sign in, so they would hold tasks nobody works on. */
export const deactivatedUser = (login: string) =>
  new AppError('Conflict', [{ messageType: 'Error', message: 'MEMBER.Manage.Deactivated', reference: login }]);

export async function addMember(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  input: MemberInput,
): Promise<{ ok: true }> {
  const access = await requireAccess(ctx.db, user, { permission: 'member.manage', id: rootId });
  const root = await rootOf(ctx.db, access);
  const candidate = await repo.findTenantUser(ctx.db, root.tenant_id, input.userID);
  if (!candidate) throw new AppError('NotFound');
  if (candidate.deactivated_at !== null) throw deactivatedUser(candidate.login);
  if (await repo.findMembership(ctx.db, rootId, candidate.user_id))
    throw new AppError('Conflict', [
      { messageType: 'Error', message: 'MEMBER.Manage.AlreadyMember', reference: candidate.login },
    ]);
  const roleKeys = unique(input.memberRoleKeys);
  const now = ctx.clock.now();
  const t = memberTexts(user.language);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.insertMembers(trx, rootId, [{ userId: candidate.user_id, roleKeys }]);
      await grantMemberTasks(
        trx,
        root,
        { userId: candidate.user_id, roleKeys, isInternal: candidate.is_internal },
        now,
      );
      await journalOnRoot(trx, root, user, now, t.added(personName(candidate), roleList(t.lang, roleKeys)));
      await mailAddedMember(ctx, trx, user, candidate, root, roleKeys);
    });
  } catch (err) {
    // Two people adding the same user at once: the primary key decides.
    if ((err as { code?: unknown }).code === '23505') throw new AppError('Conflict', 'MEMBER.Manage.AlreadyMember');
    throw err;
  }
  return { ok: true };
}

export async function changeMemberRoles(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  userId: number,
  input: MemberRolesInput,
): Promise<{ ok: true }> {
  const access = await requireAccess(ctx.db, user, { permission: 'member.manage', id: rootId });
  const root = await rootOf(ctx.db, access);
  const membership = await repo.findMembership(ctx.db, rootId, userId);
  const [member] = membership ? await repo.findUsersByIds(ctx.db, [userId]) : [];
  if (!membership || !member) throw new AppError('NotFound');
  const roleKeys = unique(input.memberRoleKeys);
  const now = ctx.clock.now();
  const t = memberTexts(user.language);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateMemberRoles(trx, rootId, userId, roleKeys);
    const holder = { userId, roleKeys, isInternal: member.is_internal && member.tenant_id === root.tenant_id };
    await grantMemberTasks(trx, root, holder, now);
    await handOverTasks(trx, root, userId, holder, now);
    await journalOnRoot(trx, root, user, now, t.changed(personName(member), roleList(t.lang, roleKeys)));
  });
  return { ok: true };
}

export async function removeMember(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  userId: number,
): Promise<{ movedTasks: number }> {
  const access = await requireAccess(ctx.db, user, { permission: 'member.manage', id: rootId });
  const root = await rootOf(ctx.db, access);
  const membership = await repo.findMembership(ctx.db, rootId, userId);
  const [member] = membership ? await repo.findUsersByIds(ctx.db, [userId]) : [];
  if (!membership || !member) throw new AppError('NotFound');
  const now = ctx.clock.now();
  const t = memberTexts(user.language);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.deleteMember(trx, rootId, userId);
    const movedTasks = await handOverTasks(trx, root, userId, null, now);
    await journalOnRoot(trx, root, user, now, t.removed(personName(member), movedTasks));
    return { movedTasks };
  });
}

const candidatesResource: ListResource = {
  fields: {
    userID: { column: 'u.user_id', type: 'number' },
    userLogin: { column: 'u.login', type: 'text' },
    firstName: { column: 'u.first_name', type: 'text' },
    lastName: { column: 'u.last_name', type: 'text' },
    companyName: { column: 'u.company_name', type: 'text' },
    isInternal: { column: 'u.is_internal', type: 'boolean' },
  },
  defaultOrder: [
    { field: 'lastName', direction: 'asc' },
    { field: 'firstName', direction: 'asc' },
  ],
  tieBreaker: 'u.user_id',
  defaultTop: 20,
  maxTop: 50,
};

async function findCandidates(
  db: Database,
  tenantId: number,
  query: ListQueryString,
  excludeRootId: number | null,
): Promise<{ data: MemberCandidate[]; count?: number }> {
  const list = parseListQuery(candidatesResource, query);
  const { data: rows, count } = await fetchList(repo.memberCandidatesBase(db, tenantId, excludeRootId), list);
  const data = rows.map((r) => ({
    userID: r.user_id,
    userLogin: r.login,
    firstName: r.first_name,
    lastName: r.last_name,
    companyName: r.company_name,
    isInternal: r.is_internal,
    roleKeys: r.role_keys,
  }));
  return list.count ? { data, count } : { data };
}

/** Users of the project's tenant who are not yet members (the add-member picker). */
export async function listMemberCandidates(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  query: ListQueryString,
) {
  const access = await requireAccess(ctx.db, user, { permission: 'member.manage', id: rootId });
  return findCandidates(ctx.db, access.root.tenant_id, query, rootId);
}

/** Users of the user's tenant, for the initial members of a new project. */
export async function listProjectCandidates(ctx: ServiceContext, user: SessionUser, query: ListQueryString) {
  const access = await requireAccess(ctx.db, user, { permission: 'project.create' });
  return findCandidates(ctx.db, access.tenantId, query, null);
}
