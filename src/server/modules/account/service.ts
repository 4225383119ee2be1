import { AppError } from '../../../shared/errors';
import type { CurrentUser, LoginRequest } from '../../../shared/schemas/account';
import { languageSchema } from '../../../shared/schemas/common';
import { verifyPassword } from '../../platform/auth/password';
import { createSession } from '../../platform/auth/session';
import * as repo from './repository';
import type { ServiceContext } from '../../platform/context';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Signs a user in and returns the new session token with the user's id. */
export async function signIn(
  ctx: ServiceContext,
  input: LoginRequest,
  userAgent?: string,
): Promise<{ token: string; userId: number }> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS);
  const failures = await repo.countRecentFailures(ctx.db, input.login, since);
  if (failures >= MAX_FAILED_LOGINS) {
    throw new AppError('TooManyAttempts', undefined, { 'Retry-After': String(FAILED_LOGIN_WINDOW_MS / 1000) });
  }
  const user = await repo.findUserByLogin(ctx.db, input.login);
  if (user && !user.password_hash && user.external_issuer) {
    // External-login users authenticate at their identity provider only.
    await repo.recordAttempt(ctx.db, input.login, now, false);
    throw new AppError('NotAllowed', 'ERRORMESSAGES.UseIdentityProvider');
  }
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  await repo.recordAttempt(ctx.db, input.login, now, ok);
  if (!user || !ok) throw new AppError('InvalidCredentials');
  // Told only after the right password, so the message does not reveal accounts.
  if (user.deactivated_at !== null) throw new AppError('NotAllowed', 'ERRORMESSAGES.AccountDeactivated');
  const token = await createSession(ctx.db, user.user_id, now, userAgent);
  return { token, userId: user.user_id };
}

export async function getCurrentUser(ctx: ServiceContext, userId: number): Promise<CurrentUser> {
  const row = await repo.findCurrentUser(ctx.db, userId);
  if (!row) throw new AppError('Unauthenticated');
  const language = languageSchema.safeParse(row.language);
  return {
    userID: row.user_id,
    userLogin: row.login,
    firstName: row.first_name,
    lastName: row.last_name,
    language: language.success ? language.data : 'de',
    isInternal: row.is_internal,
    isAdmin: row.is_admin,
    isExternalLogin: row.external_issuer !== null,
    hasProfileImage: row.has_profile_image,
    tenantID: row.tenant_id,
    tenantName: row.tenant_name,
    salesOrgID: row.sales_org_id,
    features: row.features,
  };
}
