import { fieldError } from '../../../shared/errors';
import type { CompanySignIn, CompanySignInInput, CompanySignInTestResult } from '../../../shared/schemas/users';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { allowsPrivateOutbound, outboundFetch, OutboundFailure } from '../../platform/http/outbound';
import * as repo from './repository';
import { forgetDiscovery, redirectUri, secretBoxOf } from './service';

const DISCOVERY_TIMEOUT_MS = 5000;

/** The tenant's company sign-in settings; the client secret only as "is set". */
export async function getCompanySignIn(ctx: ServiceContext, user: SessionUser): Promise<CompanySignIn> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const row = await repo.findCompanySignIn(ctx.db, user.tenantId);
  return {
    configured: !!row,
    issuer: row?.issuer ?? '',
    clientId: row?.client_id ?? '',
    hasClientSecret: !!row?.has_secret,
    buttonLabel: row?.button_label ?? '',
    enabled: row?.enabled ?? false,
    redirectUri: redirectUri(ctx),
  };
}

/**
 * Saves the settings. A new client secret is sealed with AES-256-GCM; an empty one keeps the
 * stored secret. When the issuer changes, the tenant's company-login users move to the new
 * issuer and are linked again by e-mail at their next sign-in (subjects are per issuer).
 */
export async function saveCompanySignIn(
  ctx: ServiceContext,
  user: SessionUser,
  input: CompanySignInInput,
): Promise<CompanySignIn> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const issuer = input.issuer.trim().replace(/\/$/, '');
  const secret = input.clientSecret?.trim() ? secretBoxOf(ctx).seal(input.clientSecret.trim()) : undefined;
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockCompanySignIn(trx, user.tenantId);
    const values = {
      issuer,
      client_id: input.clientId.trim(),
      button_label: input.buttonLabel.trim() || null,
      enabled: input.enabled,
      updated_at: ctx.clock.now(),
      ...(secret ? { client_secret: secret } : {}),
    };
    if (!current) {
      if (!secret) throw fieldError('clientSecret', 'VALIDATION.IsRequired');
      await repo.insertCompanySignIn(trx, { tenant_id: user.tenantId, ...values, client_secret: secret });
      return;
    }
    await repo.updateCompanySignIn(trx, user.tenantId, values);
    if (current.issuer !== issuer) {
      await repo.moveExternalUsers(trx, user.tenantId, current.issuer, issuer);
    }
  });
  forgetDiscovery(user.tenantId);
  return getCompanySignIn(ctx, user);
}

const problem = (message: string, detail?: string): CompanySignInTestResult => ({ ok: false, message, detail });

/**
 * Fetches the issuer's discovery document (outbound rules: public addresses only, no redirect
 * followed, 5 s, size cap) and names the first thing that is wrong: not reachable, not JSON,
 * an issuer that differs, missing endpoints, plain http off this machine.
 */
export async function testCompanySignIn(
  ctx: ServiceContext,
  user: SessionUser,
  issuerInput: string,
): Promise<CompanySignInTestResult> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const issuer = issuerInput.trim().replace(/\/$/, '');
  const url = new URL(`${issuer}/.well-known/openid-configuration`);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !local) return problem('ADMIN.CompanySignIn.TestResult.NotHttps');
  let response: Response;
  try {
    response = await outboundFetch(url, {
      allowPrivate: allowsPrivateOutbound(ctx.config),
      headers: { accept: 'application/json' },
      timeoutMs: DISCOVERY_TIMEOUT_MS,
    });
  } catch (err) {
    // One answer for a refused address, an unknown name, a closed port, a timeout or an answer
    // too large: the test must not tell what listens where.
    if (!(err instanceof OutboundFailure)) throw err;
    ctx.log.info({ reason: err.reason, host: url.host }, 'company sign-in test: issuer not reachable');
    return problem('ADMIN.CompanySignIn.TestResult.Unreachable', url.href);
  }
  if (!response.ok) return problem('ADMIN.CompanySignIn.TestResult.HttpStatus', String(response.status));
  let doc: Record<string, unknown>;
  try {
    doc = (await response.json()) as Record<string, unknown>;
  } catch {
    return problem('ADMIN.CompanySignIn.TestResult.NotJson');
  }
  if (typeof doc !== 'object' || doc === null) return problem('ADMIN.CompanySignIn.TestResult.NotJson');
  if (typeof doc.issuer !== 'string' || doc.issuer.replace(/\/$/, '') !== issuer) {
    return problem('ADMIN.CompanySignIn.TestResult.IssuerMismatch', typeof doc.issuer === 'string' ? doc.issuer : '');
  }
  const missing = ['authorization_endpoint', 'token_endpoint', 'jwks_uri'].filter((k) => typeof doc[k] !== 'string');
  if (missing.length > 0) return problem('ADMIN.CompanySignIn.TestResult.MissingEndpoints', missing.join(', '));
  const methods = doc.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) return problem('ADMIN.CompanySignIn.TestResult.NoPkce');
  return { ok: true, message: 'ADMIN.CompanySignIn.TestResult.Ok' };
}
