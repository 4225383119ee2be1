import crypto from 'node:crypto';
import type { Database } from '../../platform/db/database';
import { hashToken } from '../../platform/auth/session';
import { markTokenUsed, replaceOpenToken } from './repository';

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
  await replaceOpenToken(db, {
    token_hash: hashToken(token),
    user_id: userId,
    purpose,
    created_at: now,
    expires_at: new Date(now.getTime() + validMs),
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
  return markTokenUsed(db, hashToken(token), purpose, now);
}
