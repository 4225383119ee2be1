import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AppError } from '../../../shared/errors';
import { createLimiter } from '../limiter';

// Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read.

// OWASP's argon2id baseline: 19 MiB, two passes, one lane.
const options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

let dummyHash: Promise<string> | undefined;

/**
 * At most this many hashes run at once (each takes a libuv thread, a core and 19 MiB), so a flood
 * of sign-ins cannot take the threads file and zip work need, and one core stays free for the
 * event loop (and the embedded database on it); a longer queue is refused with 429.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));
export const HASH_QUEUE_LIMIT = 64;
const limited = createLimiter({
  concurrency: HASH_CONCURRENCY,
  queueLimit: HASH_QUEUE_LIMIT,
  full: () => new AppError('TooManyAttempts', undefined, { 'Retry-After': '1' }),
});

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, options));
}

/**
 * Argon2 verifications run, real and dummy: every sign-in attempt must add exactly one, whatever
 * the account (tests read it to prove the work is the same; a counter costs nothing).
 */
export const hashVerifications = { count: 0 };

/**
 * Verifies a password. With no usable stored hash (none, as for company sign-in accounts, or not
 * an argon2 hash at all) it verifies against a dummy hash: the same work, so the time taken does
 * not tell which logins exist or how they sign in.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash?.startsWith('$argon2')) {
    dummyHash ??= hash('planport-timing-equaliser', options);
    const dummy = await dummyHash;
    await limited(() => {
      hashVerifications.count++;
      return verify(dummy, password).catch(() => false);
    });
    return false;
  }
  return limited(() => {
    hashVerifications.count++;
    return verify(storedHash, password).catch(() => false);
  });
}
