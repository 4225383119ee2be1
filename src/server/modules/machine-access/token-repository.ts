import type { Language } from '../../../shared/schemas/common';
import type { TokenScope } from '../../../shared/schemas/machine-access';
import type { Database } from '../../platform/db/database';

/** API tokens: queries only (the secrets are kept as hashes). */

export type TokenRow = {
  token_id: number;
  name: string;
  scopes: TokenScope[];
  token_hint: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_by_name: string | null;
};

export function tokensOf(db: Database, tenantId: number, tokenId?: number): Promise<TokenRow[]> {
  let q = db
    .selectFrom('api_tokens as k')
    .leftJoin('users as c', 'c.user_id', 'k.created_by')
    .select([
      'k.token_id',
      'k.name',
      'k.scopes',
      'k.token_hint',
      'k.created_at',
      'k.expires_at',
      'k.last_used_at',
      'k.revoked_at',
      'c.login as created_by_name',
    ])
    .where('k.tenant_id', '=', tenantId);
  if (tokenId !== undefined) q = q.where('k.token_id', '=', tokenId);
  return q.orderBy('k.token_id', 'desc').limit(500).execute();
}

/** The token's technical user (cannot sign in: no password, no external login) and the token. */
export async function insertToken(
  trx: Database,
  values: {
    tenantId: number;
    login: string;
    language: Language;
    name: string;
    scopes: TokenScope[];
    tokenHash: string;
    tokenHint: string;
    createdBy: number;
    now: Date;
    expiresAt: Date | null;
  },
): Promise<number> {
  const technical = await trx
    .insertInto('users')
    .values({
      tenant_id: values.tenantId,
      login: values.login,
      is_internal: true,
      is_technical: true,
      language: values.language,
      last_name: values.name,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('api_tokens')
    .values({
      tenant_id: values.tenantId,
      user_id: technical.user_id,
      name: values.name,
      scopes: values.scopes,
      token_hash: values.tokenHash,
      token_hint: values.tokenHint,
      created_by: values.createdBy,
      created_at: values.now,
      expires_at: values.expiresAt,
    })
    .returning('token_id')
    .executeTakeFirstOrThrow();
  return row.token_id;
}

export async function revokeToken(db: Database, tenantId: number, tokenId: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('token_id', '=', tokenId)
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .returning('token_id')
    .executeTakeFirst();
  return row !== undefined;
}

// Webhook endpoints
