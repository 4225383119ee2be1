import crypto from 'node:crypto';
import { AppError } from '../../../shared/errors';
import { TOKEN_PREFIX, type TokenScope } from '../../../shared/schemas/machine-access';
import type { Database } from '../db/database';
import { hashToken, type SessionUser } from './session';

/**
 * Tenant API tokens (issue 36). `Authorization: Bearer pp_…` makes a request act as the token's
 * technical user, with exactly the token's scopes: a route a token may call names its scope in
 * {@link ROUTE_SCOPES}; every other route refuses a token (403). Only the SHA-256 of the secret is
 * stored. A token is no session: it is never read from a cookie, and the session routes refuse it.
 */

export type ApiTokenIdentity = { tokenId: number; name: string; scopes: TokenScope[] };

/** A new secret: the prefix and 32 random bytes (256 bits), URL-safe. */
export function newTokenSecret(): string {
  return `${TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
}

/** The part of a secret shown to admins to tell tokens apart (never enough to use it). */
export function tokenHint(secret: string): string {
  return `${secret.slice(0, TOKEN_PREFIX.length + 6)}…`;
}

/**
 * The API token of an `Authorization: Bearer pp_…` header, or null when the header carries none
 * (absent, another scheme, or a bearer of something else, e.g. a proxy's): such requests are
 * sessions or nothing, with the CSRF header required as always.
 */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const secret = match?.[1];
  return secret?.startsWith(TOKEN_PREFIX) ? secret : null;
}

/**
 * The routes a token may call (method and route pattern) and the scope each needs. Everything
 * else — sessions, account, admin pages, other modules — refuses tokens.
 */
export const ROUTE_SCOPES: Record<string, TokenScope> = {
  'GET /api/data/:product/projectlist/current': 'projects:read',
  'GET /api/data/:product/projectlist/closed': 'projects:read',
  'GET /api/data/:product/projects/:id': 'projects:read',
  'GET /api/data/:product/projects/:id/path': 'projects:read',
  'GET /api/data/:product/projects/:id/children': 'projects:read',
  'GET /api/data/:product/aacorderlotitems': 'orders:read',
  'GET /api/data/:product/lintelorderlotitems': 'orders:read',
  'GET /api/orders/:unitId/confirmation': 'orders:read',
  'GET /api/data/:product/delivery-overview/:rootUnitId': 'orders:read',
  'POST /api/data/:product/delivery-lots/:deliveryLotId/confirm': 'orders:write',
  'GET /api/file/:rootId/:unitId': 'files:read',
  'GET /api/file/:rootId/:unitId/:fileId/content': 'files:read',
  'GET /api/data/:product/webhook-endpoints': 'webhooks:manage',
  'POST /api/data/:product/webhook-endpoints': 'webhooks:manage',
  'PUT /api/data/:product/webhook-endpoints/:endpointID': 'webhooks:manage',
  'DELETE /api/data/:product/webhook-endpoints/:endpointID': 'webhooks:manage',
  'GET /api/data/:product/webhook-endpoints/:endpointID/secret': 'webhooks:manage',
  'GET /api/data/:product/webhook-endpoints/:endpointID/deliveries': 'webhooks:manage',
  'POST /api/data/:product/webhook-endpoints/:endpointID/test': 'webhooks:manage',
  'POST /api/data/:product/webhook-deliveries/:deliveryID/resend': 'webhooks:manage',
};

/** The scope a route needs from a token, or null when tokens may not call it. */
export function scopeOfRoute(method: string, routeUrl: string | undefined): TokenScope | null {
  if (!routeUrl) return null;
  return ROUTE_SCOPES[`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`] ?? null;
}

/** last_used_at is written at most this often per token (reads stay cheap). */
const TOUCH_INTERVAL_MS = 60 * 1000;

const refuse = (message: string) => new AppError('Unauthenticated', message);

/**
 * The technical user and identity of a bearer secret; 401 with a message that says why (unknown,
 * revoked, expired, user or tenant gone).
 */
export async function findTokenUser(
  db: Database,
  secret: string,
  now: Date,
): Promise<{ user: SessionUser; token: ApiTokenIdentity }> {
  if (secret.length > 200) throw refuse('ERRORMESSAGES.ApiTokenUnknown');
  const tokenHash = hashToken(secret);
  const row = await db
    .selectFrom('api_tokens as k')
    .innerJoin('users as u', 'u.user_id', 'k.user_id')
    .innerJoin('tenants as t', 't.tenant_id', 'k.tenant_id')
    .select([
      'k.token_id',
      'k.name',
      'k.scopes',
      'k.expires_at',
      'k.revoked_at',
      'k.last_used_at',
      'u.user_id',
      'u.tenant_id',
      'u.login',
      'u.language',
      'u.deleted_at',
      'u.deactivated_at',
      'u.is_technical',
      't.name as tenant_name',
      't.features',
    ])
    .where('k.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || !row.is_technical || row.deleted_at !== null || row.deactivated_at !== null) {
    throw refuse('ERRORMESSAGES.ApiTokenUnknown');
  }
  if (row.revoked_at !== null) throw refuse('ERRORMESSAGES.ApiTokenRevoked');
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()) {
    throw refuse('ERRORMESSAGES.ApiTokenExpired');
  }
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > TOUCH_INTERVAL_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('token_id', '=', row.token_id).execute();
  }
  return {
    token: { tokenId: row.token_id, name: row.name, scopes: row.scopes },
    user: {
      sessionId: `token:${row.token_id}`,
      userId: row.user_id,
      tenantId: row.tenant_id,
      salesOrgId: null,
      login: row.login,
      // A technical user of its tenant: reads what the tenant's staff read, never administers.
      isInternal: true,
      isAdmin: false,
      isExternalLogin: false,
      language: row.language,
      firstName: null,
      lastName: row.name,
      tenantName: row.tenant_name,
      features: row.features ?? {},
      roleKeys: [],
      hasProfileImage: false,
    },
  };
}
