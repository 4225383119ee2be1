import { AppError } from '../../../shared/errors';
import { validatePasswordChange } from '../../../shared/rules/password';
import type { AcceptInvitation, InvitationInfo } from '../../../shared/schemas/users';
import { hashPassword } from '../../platform/auth/password';
import { hashToken } from '../../platform/auth/session';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { consumeToken, issueToken } from '../profile/account-tokens';
import { t } from '../../platform/i18n';
import { passwordFieldErrors } from '../profile/service';
import * as repo from './repository';

export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;
const invalidLink = () => new AppError('InvalidToken', 'ACCOUNT.Invitation.InvalidLink');

/** The project an invitation from a project's members dialog names (texts already in the invitee's language). */
export type InvitationProject = { projectNo: string; title: string; addedBy: string; roles: string; link: string };

/**
 * Mails the invitation in the invitee's language. A password user gets a single-use link
 * (7 days; a new one replaces the old); the outbox copy has the token blanked out. A company
 * sign-in user gets the sign-in page. An invitation from a project names the project, the
 * inviting person and the roles, and links the project as well. `ctx.db` is the transaction of
 * the change that invites: token and mail are written with it.
 */
export async function sendInvitation(
  ctx: ServiceContext,
  tenantId: number,
  userId: number,
  project?: InvitationProject,
): Promise<void> {
  const user = await repo.findUserState(ctx.db, tenantId, userId);
  if (!user) throw new AppError('NotFound');
  const tenant = await repo.findTenantName(ctx.db, tenantId);
  const lang = user.language;
  const values = {
    name: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.login,
    tenant: tenant.name,
    login: user.login,
  };
  const to = user.email ?? user.login;
  const subject = project
    ? t(lang, 'ACCOUNT.Invitation.Mail.ProjectSubject', {
        ...values,
        no: project.projectNo,
        title: project.title,
      })
    : t(lang, 'ACCOUNT.Invitation.Mail.Subject', values);
  const withProject = (text: string, link: string) =>
    project ? addProjectParagraphs(lang, text, link, project) : text;
  if (user.external_issuer) {
    const link = `${ctx.config.publicUrl}/login`;
    await ctx.mailer.enqueue(ctx.db, {
      tenantId,
      to,
      subject,
      text: withProject(t(lang, 'ACCOUNT.Invitation.Mail.CompanyBody', { ...values, link }), link),
    });
    return;
  }
  const now = ctx.clock.now();
  const token = await issueToken(ctx.db, userId, 'invitation', now, INVITATION_VALID_MS);
  const link = `${ctx.config.publicUrl}/invitation/${token}`;
  const until = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(
    new Date(now.getTime() + INVITATION_VALID_MS),
  );
  await ctx.mailer.enqueue(ctx.db, {
    tenantId,
    to,
    subject,
    text: withProject(t(lang, 'ACCOUNT.Invitation.Mail.Body', { ...values, link, until }), link),
    redact: [token],
  });
}

/**
 * After the greeting: who added the invitee to which project with which roles; after the
 * paragraph with the sign-in link: the project's link.
 */
function addProjectParagraphs(lang: string, text: string, signInLink: string, project: InvitationProject): string {
  const [greeting, ...rest] = text.split('\n\n');
  const intro = t(lang, 'ACCOUNT.Invitation.Mail.ProjectIntro', {
    by: project.addedBy,
    no: project.projectNo,
    title: project.title,
    roles: project.roles,
  });
  const link = t(lang, 'ACCOUNT.Invitation.Mail.ProjectLink', { link: project.link });
  const at = rest.findIndex((p) => p.includes(signInLink));
  rest.splice(at < 0 ? rest.length : at + 1, 0, link);
  return [greeting, intro, ...rest].join('\n\n');
}

function findOpenInvitation(ctx: ServiceContext, token: string) {
  return repo.findOpenInvitation(ctx.db, hashToken(token), ctx.clock.now());
}

/** What the invitation page shows; an unknown, used or expired link answers 400. */
export async function getInvitation(ctx: ServiceContext, token: string): Promise<InvitationInfo> {
  const row = await findOpenInvitation(ctx, token);
  if (!row) throw invalidLink();
  return { login: row.login, firstName: row.first_name, tenantName: row.tenant_name };
}

/** Sets the first password with the invitation link (password rules of the profile); the link works once. */
export async function acceptInvitation(ctx: ServiceContext, input: AcceptInvitation): Promise<void> {
  const invalid = passwordFieldErrors(
    validatePasswordChange({ newPassword: input.newPassword, confirmNewPassword: input.confirmNewPassword }),
  );
  if (invalid) throw invalid;
  if (!(await findOpenInvitation(ctx, input.token))) throw invalidLink();
  const hash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeToken(trx, input.token, 'invitation', ctx.clock.now());
    if (userId === null) throw invalidLink();
    if (!(await repo.setFirstPassword(trx, userId, hash))) throw invalidLink();
  });
}

/** Records who invited a new user: only they may hand the invitation on (copy its link, send it again). */
export const setInvitedBy = repo.setInvitedBy;

/** Whether the signed-in user invited this person of their tenant. */
export async function isInviter(ctx: ServiceContext, user: SessionUser, userId: number): Promise<boolean> {
  const inviter = await repo.findInviter(ctx.db, user.tenantId, userId);
  return inviter !== null && inviter === user.userId;
}

/**
 * The invitation link for the person who invited to hand on (no mail server needed): a new
 * link each time, which ends the one before. Only the inviter, only while the invited person has
 * not signed in yet. A company sign-in user gets the sign-in page.
 */
export async function copyInvitationLink(
  ctx: ServiceContext,
  user: SessionUser,
  userId: number,
): Promise<{ link: string; validUntil: string | null }> {
  const target = await repo.findUserState(ctx.db, user.tenantId, userId);
  if (!target) throw new AppError('NotFound');
  if (!(await isInviter(ctx, user, userId))) throw new AppError('NotAllowed', 'ACCOUNT.Invitation.OnlyInviter');
  if (target.password_hash !== null || target.external_subject !== null || target.deactivated_at !== null)
    throw new AppError('Conflict', 'ADMIN.Users.NotInvited');
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  if (target.external_issuer) return { link: `${base}/login`, validUntil: null };
  const now = ctx.clock.now();
  const token = await issueToken(ctx.db, userId, 'invitation', now, INVITATION_VALID_MS);
  return {
    link: `${base}/invitation/${token}`,
    validUntil: new Date(now.getTime() + INVITATION_VALID_MS).toISOString(),
  };
}
