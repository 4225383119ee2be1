import crypto from 'node:crypto';
import type { Database } from '../../platform/db/database';
import { hashToken } from '../../platform/auth/session';

export type TokenPurpose = 'password-reset' | 'account-delete' | 'invitation';

/** Creates a single-use link token; only its hash is stored. Older open tokens of the purpose end. */
export async function issueToken(
  db: Database,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
  validMs: number,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('account_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('account_tokens')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        purpose,
        created_at: now,
        expires_at: new Date(now.getTime() + validMs),
      })
      .execute();
  });
  return token;
}

/**
 * Marks a valid token as used and returns its user id, or null when it is unknown, used,
 * expired or of another purpose. The update is the check, so a token works only once.
 */
export async function consumeToken(
  db: Database,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<number | null> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
