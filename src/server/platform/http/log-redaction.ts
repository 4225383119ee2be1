/**
 * Secrets never reach the logs, wherever a log call puts them (up to two levels below the logged
 * object): passwords, tokens, client secrets, cookies and authorization headers are written as
 * `[Redacted]`. A hand-written walk instead of pino's wildcard redact paths (`*.password`,
 * `*.*.password`), which cost more than a whole request's other work: a line of flat values
 * (the request line) is checked in a few key comparisons, and an object is copied only when it
 * holds a secret (the caller's object is never changed).
 */
const secretKeys = new Set([
  'password',
  'oldPassword',
  'newPassword',
  'confirmNewPassword',
  'token',
  'client_secret',
  'cookie',
  'authorization',
  'set-cookie',
]);

export const REDACTED = '[Redacted]';

/** Levels of keys checked: the logged object's own keys and two levels below them. */
const DEPTH = 3;

function redactValue(value: unknown, depth: number): unknown {
  if (depth >= DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item = redactValue(value[i], depth + 1);
      if (item !== value[i]) (copy ??= [...value])[i] = item;
    }
    return copy ?? value;
  }
  if (Buffer.isBuffer(value) || value instanceof Date) return value;
  return redactObject(value as Record<string, unknown>, depth);
}

function redactObject(object: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    const next = secretKeys.has(key) ? REDACTED : redactValue(value, depth + 1);
    if (next !== value) {
      if (!copy) {
        // An error keeps what pino's error serializer shows (type, message, stack) in its copy.
        copy =
          object instanceof Error
            ? { ...object, type: object.name, message: object.message, stack: object.stack }
            : { ...object };
      }
      copy[key] = next;
    }
  }
  return copy ?? object;
}

/** pino's `formatters.log`: the logged object with its secrets replaced. */
export function redactSecrets(object: Record<string, unknown>): Record<string, unknown> {
  return redactObject(object, 0);
}
