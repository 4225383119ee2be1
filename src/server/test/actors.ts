import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { sessionCookieName } from '../platform/auth/auth-plugin';
import { createSession, type SessionUser } from '../platform/auth/session';
import type { UsersTable } from '../platform/db/schema';
import { signIn, xhr } from './app';
import { TEST_PASSWORD } from './factories';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call sends besides the actor's session and the XHR header (a language, a tus offset, a content type). */
export type CallOptions = { headers?: Record<string, string> };

export type Call<K extends string> = (
  who: K,
  method: HttpMethod,
  url: string,
  payload?: unknown,
  options?: CallOptions,
) => Promise<LightMyRequestResponse>;

/**
 * `call(who, method, url, payload, options)` over sessions the test already holds, e.g. one made
 * by an SSO sign-in or created directly for a user who has no password.
 */
export function callAs<K extends string>(app: FastifyInstance, cookies: Record<K, string>): Call<K> {
  return (who, method, url, payload, options = {}) =>
    app.inject({
      method,
      url,
      headers: { cookie: cookies[who], ...xhr, ...options.headers },
      payload: payload as object | undefined,
    });
}

/**
 * Signs every named test user in once and returns `call(who, method, url, payload)`, so a test
 * reads as "who does what": `await call('member', 'GET', '/api/…')`. The same user under two names
 * gets two sessions.
 */
export async function signInActors<K extends string>(
  app: FastifyInstance,
  users: Record<K, { login: string }>,
): Promise<{ cookies: Record<K, string>; call: Call<K> }> {
  const cookies = {} as Record<K, string>;
  for (const who of Object.keys(users) as K[]) cookies[who] = await signIn(app, users[who].login, TEST_PASSWORD);
  return { cookies, call: callAs(app, cookies) };
}

/**
 * A session made straight in the database for every named user, as a company sign-in would make
 * one (they may have no password to sign in with); `call` as from signInActors.
 */
export async function sessionActors<K extends string>(
  app: FastifyInstance,
  users: Record<K, { user_id: number }>,
): Promise<{ cookies: Record<K, string>; call: Call<K> }> {
  const name = sessionCookieName(app.ctx.config.secureCookies);
  const cookies = {} as Record<K, string>;
  for (const who of Object.keys(users) as K[])
    cookies[who] = `${name}=${await createSession(app.ctx.db, users[who].user_id, app.ctx.clock.now())}`;
  return { cookies, call: callAs(app, cookies) };
}

/** The session user of a user row, for calling services directly. */
export function sessionUserOf(row: Selectable<UsersTable>): SessionUser {
  return {
    sessionId: 'test',
    userId: row.user_id,
    tenantId: row.tenant_id,
    salesOrgId: row.sales_org_id,
    login: row.login,
    isInternal: row.is_internal,
    isAdmin: row.is_admin,
    isExternalLogin: row.external_subject !== null,
    language: row.language,
    firstName: row.first_name,
    lastName: row.last_name,
  };
}
