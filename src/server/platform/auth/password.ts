import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read.

// OWASP's argon2id baseline: 19 MiB, two passes, one lane.
const options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** Verifies a password; with no stored hash it still spends the same time so timing reveals nothing. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('planport-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
