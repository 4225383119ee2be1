import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import type { SessionUser } from '../platform/auth/session';
import type { UsersTable } from '../platform/db/schema';
import { signIn, xhr } from './app';
import { TEST_PASSWORD } from './factories';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Call<K extends string> = (
  who: K,
  method: HttpMethod,
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/**
 * Signs every named test user in once and returns `call(who, method, url, payload)`, so a test
 * reads as "who does what": `await call('member', 'GET', '/api/…')`.
 */
export async function signInActors<K extends string>(
  app: FastifyInstance,
  users: Record<K, { login: string }>,
): Promise<{ cookies: Record<K, string>; call: Call<K> }> {
  const cookies = {} as Record<K, string>;
  for (const who of Object.keys(users) as K[]) cookies[who] = await signIn(app, users[who].login, TEST_PASSWORD);
  const call: Call<K> = (who, method, url, payload) =>
    app.inject({ method, url, headers: { cookie: cookies[who], ...xhr }, payload: payload as object | undefined });
  return { cookies, call };
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
