import { AppError } from '../../../shared/errors';
import { validatePasswordChange } from '../../../shared/rules/password';
import type { AcceptInvitation, InvitationInfo } from '../../../shared/schemas/users';
import { hashPassword } from '../../platform/auth/password';
import { hashToken } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { consumeToken, issueToken } from '../profile/account-tokens';
import { mailText } from '../profile/mail-texts';
import { passwordFieldErrors } from '../profile/service';
import * as repo from './repository';

export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;
const invalidLink = () => new AppError('InvalidToken', 'ACCOUNT.Invitation.InvalidLink');

/**
 * Mails the invitation in the invitee's language. A password user gets a single-use link
 * (7 days; a new one replaces the old); the outbox copy has the token blanked out. A company
 * sign-in user gets the sign-in page.
 */
export async function sendInvitation(ctx: ServiceContext, tenantId: number, userId: number): Promise<void> {
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
  const subject = mailText(lang, 'ACCOUNT.Invitation.Mail.Subject', values);
  if (user.external_issuer) {
    const link = `${ctx.config.publicUrl}/login`;
    await ctx.mailer.send({
      tenantId,
      to,
      subject,
      text: mailText(lang, 'ACCOUNT.Invitation.Mail.CompanyBody', { ...values, link }),
    });
    return;
  }
  const now = ctx.clock.now();
  const token = await issueToken(ctx.db, userId, 'invitation', now, INVITATION_VALID_MS);
  const link = `${ctx.config.publicUrl}/invitation/${token}`;
  const until = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(
    new Date(now.getTime() + INVITATION_VALID_MS),
  );
  await ctx.mailer.send({
    tenantId,
    to,
    subject,
    text: mailText(lang, 'ACCOUNT.Invitation.Mail.Body', { ...values, link, until }),
    redact: [token],
  });
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
