import crypto from 'node:crypto';
import { AppError, fieldError } from '../../../shared/errors';
import type { ApiToken, ApiTokenInput, CreatedApiToken } from '../../../shared/schemas/machine-access';
import { requireAccess } from '../../platform/access';
import { newTokenSecret, tokenHint } from '../../platform/auth/api-token';
import { hashToken, type SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import * as repo from './token-repository';
import type { TokenRow } from './token-repository';

function toToken(row: TokenRow, now: Date): ApiToken {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    tokenID: row.token_id,
    name: row.name,
    scopes: row.scopes,
    hint: row.token_hint,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by_name,
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
    state: row.revoked_at
      ? 'revoked'
      : row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()
        ? 'expired'
        : 'active',
  };
}

/** The tenant's tokens, newest first (admins only). */
export async function listApiTokens(ctx: ServiceContext, user: SessionUser): Promise<ApiToken[]> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const rows = await repo.tokensOf(ctx.db, user.tenantId);
  const now = ctx.clock.now();
  return rows.map((r) => toToken(r, now));
}

/**
 * Creates a token and its technical user (who acts for it and cannot sign in). The secret is
 * answered this once; only its SHA-256 is kept.
 */
export async function createApiToken(
  ctx: ServiceContext,
  user: SessionUser,
  input: ApiTokenInput,
): Promise<CreatedApiToken> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const now = ctx.clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw fieldError('expiresAt', 'ADMIN.ApiTokens.ExpiryInPast');
  const secret = newTokenSecret();
  const tokenId = await ctx.db.transaction().execute((trx) =>
    repo.insertToken(trx, {
      tenantId: user.tenantId,
      login: `api-token-${crypto.randomUUID()}`,
      language: user.language,
      name: input.name,
      scopes: [...input.scopes],
      tokenHash: hashToken(secret),
      tokenHint: tokenHint(secret),
      createdBy: user.userId,
      now,
      expiresAt,
    }),
  );
  const [row] = await repo.tokensOf(ctx.db, user.tenantId, tokenId);
  if (!row) throw new AppError('NotFound');
  return { token: toToken(row, now), secret };
}

/** Revokes a token of the own tenant at once (its next call answers 401). */
export async function revokeApiToken(ctx: ServiceContext, user: SessionUser, tokenId: number): Promise<ApiToken> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const now = ctx.clock.now();
  const updated = await repo.revokeToken(ctx.db, user.tenantId, tokenId, now);
  const [row] = await repo.tokensOf(ctx.db, user.tenantId, tokenId);
  if (!row) throw new AppError('NotFound');
  if (!updated) throw new AppError('Conflict', 'ADMIN.ApiTokens.AlreadyRevoked');
  return toToken(row, now);
}
