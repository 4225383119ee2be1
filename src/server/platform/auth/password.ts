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

/** Verifies a password; with no stored hash it still spends the same time so timing reveals nothing. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('planport-timing-equaliser', options);
    const dummy = await dummyHash;
    await limited(() => verify(dummy, password).catch(() => false));
    return false;
  }
  return limited(() => verify(storedHash, password).catch(() => false));
}
