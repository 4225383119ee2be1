import { AppError } from '../../../shared/errors';
import { validatePasswordChange } from '../../../shared/rules/password';
import type { PasswordResetConfirm } from '../../../shared/schemas/profile';
import { hashPassword } from '../../platform/auth/password';
import { deleteUserSessions, type SessionUser } from '../../platform/auth/session';
import { consumeToken, issueToken } from './account-tokens';
import { t } from '../../platform/i18n';
import * as repo from './repository';
import { passwordFieldErrors } from './service';
import type { ServiceContext } from '../../platform/context';

export const PASSWORD_RESET_VALID_MS = 60 * 60 * 1000;
export const ACCOUNT_DELETE_VALID_MS = 24 * 60 * 60 * 1000;

const nameOf = (u: { first_name: string | null; last_name: string | null; login: string }) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || u.login;

/**
 * Sends a reset link (valid 1 h) to a local-login user, or tells an external-login user by
 * e-mail to use the identity provider. The answer is the same in every case (no account discovery).
 */
export async function requestPasswordReset(ctx: ServiceContext, login: string): Promise<void> {
  const user = await repo.findUserForMail(ctx.db, { login });
  if (!user) return;
  const to = user.email ?? user.login;
  const name = nameOf(user);
  if (user.external_issuer) {
    await ctx.mailer.enqueue(ctx.db, {
      tenantId: user.tenant_id,
      to,
      subject: t(user.language, 'PASSWORD.Mail.External.Subject'),
      text: t(user.language, 'PASSWORD.Mail.External.Body', { name }),
    });
    return;
  }
  // The link and its mail in one transaction: no token without its mail, no mail without its token.
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, user.user_id, 'password-reset', ctx.clock.now(), PASSWORD_RESET_VALID_MS);
    const link = `${ctx.config.publicUrl}/password-reset/${token}`;
    await ctx.mailer.enqueue(trx, {
      tenantId: user.tenant_id,
      to,
      subject: t(user.language, 'PASSWORD.Mail.Reset.Subject'),
      text: t(user.language, 'PASSWORD.Mail.Reset.Body', { name, link }),
      redact: [token],
    });
  });
}

/** Sets a new password with a reset link; every session of the user ends. */
export async function confirmPasswordReset(ctx: ServiceContext, input: PasswordResetConfirm): Promise<void> {
  const invalid = passwordFieldErrors(
    validatePasswordChange({ newPassword: input.newPassword, confirmNewPassword: input.confirmNewPassword }),
  );
  if (invalid) throw invalid;
  const hash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  const userId = await consumeToken(ctx.db, input.token, 'password-reset', now);
  if (userId === null) throw new AppError('InvalidToken', 'PASSWORD.Reset.InvalidLink');
  await repo.setLocalPassword(ctx.db, userId, hash);
  await deleteUserSessions(ctx.db, userId);
}

/** Sends the deletion link (valid 24 h) to the signed-in user. */
export async function requestAccountDeletion(ctx: ServiceContext, user: SessionUser): Promise<void> {
  const row = await repo.findUserForMail(ctx.db, { userId: user.userId });
  if (!row) throw new AppError('NotFound');
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, row.user_id, 'account-delete', ctx.clock.now(), ACCOUNT_DELETE_VALID_MS);
    const link = `${ctx.config.publicUrl}/account-delete/${token}`;
    await ctx.mailer.enqueue(trx, {
      tenantId: row.tenant_id,
      to: row.email ?? row.login,
      subject: t(row.language, 'PROFILE.DeleteMail.Subject'),
      text: t(row.language, 'PROFILE.DeleteMail.Body', { name: nameOf(row), link }),
      redact: [token],
    });
  });
}

/**
 * Anonymises the account of a deletion link: personal data, image and password go, the login
 * becomes deleted-<id>@deleted.invalid, all sessions end. Rows that reference the user (project
 * history) stay, and show the user as deleted.
 */
export async function confirmAccountDeletion(ctx: ServiceContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeToken(trx, token, 'account-delete', now);
    if (userId === null) throw new AppError('InvalidToken', 'PROFILE.DeleteAccount.InvalidLink');
    await repo.anonymiseUser(trx, userId, now);
  });
}
