import crypto from 'node:crypto';
import * as client from 'openid-client';
import { createSession, hashToken } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { createSecretBox, type SecretBox } from '../../platform/crypto/secret-box';
import { allowsPrivateOutbound, outboundFetchFor } from '../../platform/http/outbound';
import * as repo from './repository';

export const FLOW_VALID_MS = 10 * 60 * 1000;
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

export type OidcProviderInfo = { tenantKey: string; name: string; label: string | null };
export type RefusalReason =
  'expired' | 'other-address' | 'failed' | 'cancelled' | 'no-account' | 'unverified-email' | 'deactivated';
export type CallbackResult = { ok: true; token: string } | { ok: false; reason: RefusalReason };

type TenantOidc = { tenant_id: number; issuer: string; client_id: string; client_secret: string };
const discovered = new Map<string, { config: Promise<client.Configuration>; at: number }>();
const boxes = new Map<string, SecretBox>();

/** The box that seals and opens stored client secrets with this server's SECRET_KEY. */
export function secretBoxOf(ctx: ServiceContext): SecretBox {
  let box = boxes.get(ctx.config.secretKey);
  if (!box) {
    box = createSecretBox(ctx.config.secretKey);
    boxes.set(ctx.config.secretKey, box);
  }
  return box;
}

/** Changed settings take effect at the next sign-in. */
export function forgetDiscovery(tenantId: number): void {
  for (const key of discovered.keys()) if (key.startsWith(`${tenantId}|`)) discovered.delete(key);
}

/** Plain http is allowed only for an identity provider on this machine (the demo, tests). */
function isLocalHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

function configurationOf(ctx: ServiceContext, row: TenantOidc, now: number): Promise<client.Configuration> {
  const key = `${row.tenant_id}|${row.issuer}|${row.client_id}|${hashToken(row.client_secret)}`;
  const hit = discovered.get(key);
  if (hit && now - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(row.issuer);
  // Discovery, token, user info and keys all go through the outbound rules (public addresses only).
  const config = client.discovery(issuer, row.client_id, secretBoxOf(ctx).open(row.client_secret), undefined, {
    [client.customFetch]: outboundFetchFor(allowsPrivateOutbound(ctx.config)),
    ...(isLocalHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
  });
  discovered.set(key, { config, at: now });
  config.catch(() => discovered.delete(key));
  return config;
}

export const redirectUri = (ctx: ServiceContext) => `${ctx.config.publicUrl}/api/account/oidc/callback`;

/** Tenants whose users can sign in with their company account (shown on the sign-in page). */
export async function listOidcProviders(ctx: ServiceContext): Promise<OidcProviderInfo[]> {
  const rows = await repo.findEnabledProviders(ctx.db);
  return rows.map((r) => ({ tenantKey: r.tenant_key, name: r.name, label: r.button_label || null }));
}

/**
 * Starts the authorisation code flow with PKCE, state and nonce for a tenant's identity
 * provider. Returns the provider's URL and the flow id the browser keeps in a cookie; null for
 * an unknown tenant.
 */
export async function startOidcSignIn(
  ctx: ServiceContext,
  tenantKey: string,
): Promise<{ url: string; flowId: string } | null> {
  const row = await repo.findEnabledOidcByTenantKey(ctx.db, tenantKey);
  if (!row) return null;
  const now = ctx.clock.now();
  const config = await configurationOf(ctx, row, now.getTime());
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const flowId = crypto.randomBytes(32).toString('base64url');
  await repo.insertOidcFlow(
    ctx.db,
    {
      flow_hash: hashToken(flowId),
      tenant_id: row.tenant_id,
      state,
      nonce,
      code_verifier: codeVerifier,
      expires_at: new Date(now.getTime() + FLOW_VALID_MS),
    },
    now,
  );
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, flowId };
}

/**
 * Finishes the flow: exchanges the code (checking state, nonce and PKCE), then signs in the
 * external user of the tenant with this issuer and subject. At the first sign-in the user is
 * found by the verified e-mail address among the tenant's external users of this issuer that
 * have no subject yet, and linked. Anything else is refused.
 */
export async function finishOidcSignIn(
  ctx: ServiceContext,
  flowId: string | undefined,
  callbackUrl: URL,
  userAgent?: string,
  clientIp?: string,
): Promise<CallbackResult> {
  const now = ctx.clock.now();
  if (!flowId) {
    // The flow cookie lives on the host the sign-in started on; the provider returns to PUBLIC_URL.
    // A live flow for this state without its cookie means the user started on another address.
    const state = callbackUrl.searchParams.get('state');
    if (state && (await repo.flowPendingForState(ctx.db, state, now))) return { ok: false, reason: 'other-address' };
    return { ok: false, reason: 'expired' };
  }
  const flow = await repo.takeOidcFlow(ctx.db, hashToken(flowId), now);
  if (!flow) return { ok: false, reason: 'expired' };
  if (callbackUrl.searchParams.has('error')) return { ok: false, reason: 'cancelled' };
  const row = await repo.findEnabledOidc(ctx.db, flow.tenant_id);
  if (!row) return { ok: false, reason: 'failed' };

  let claims: { sub: string; email?: unknown; email_verified?: unknown } | undefined;
  try {
    const config = await configurationOf(ctx, row, now.getTime());
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) return { ok: false, reason: 'failed' };
    claims = idToken;
    // With the code flow, scope claims (e-mail) usually come from the userinfo endpoint.
    if (idToken.email === undefined) claims = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
  } catch (err) {
    ctx.log.warn({ err }, 'external sign-in failed');
    return { ok: false, reason: 'failed' };
  }

  let user = await repo.findExternalUserBySubject(ctx.db, flow.tenant_id, row.issuer, claims.sub);
  if (!user) {
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
    if (!email || claims.email_verified !== true) return { ok: false, reason: 'unverified-email' };
    const candidate = await repo.findUnlinkedExternalUserByEmail(ctx.db, flow.tenant_id, row.issuer, email);
    if (!candidate) return { ok: false, reason: 'no-account' };
    await repo.linkExternalSubject(ctx.db, candidate.user_id, claims.sub);
    user = candidate;
  }
  if (user.deactivated_at !== null) return { ok: false, reason: 'deactivated' };
  const token = await createSession(ctx.db, user.user_id, now, userAgent, clientIp);
  return { ok: true, token };
}
