import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from './log-redaction';

describe('log redaction', () => {
  it('replaces secrets up to two levels below the logged object, without changing it', () => {
    const logged = {
      password: 'a',
      body: { newPassword: 'b', note: 'kept', nested: { token: 'c' } },
      headers: { cookie: 'd', authorization: 'e', accept: 'json' },
      list: [{ client_secret: 'f' }],
    };
    const before = structuredClone(logged);
    expect(redactSecrets(logged)).toEqual({
      password: REDACTED,
      body: { newPassword: REDACTED, note: 'kept', nested: { token: REDACTED } },
      headers: { cookie: REDACTED, authorization: REDACTED, accept: 'json' },
      list: [{ client_secret: REDACTED }],
    });
    expect(logged).toEqual(before);
  });

  it('returns a line without secrets as it is, and keeps an error readable', () => {
    const line = { method: 'GET', url: '/api/tasks', statusCode: 200, ms: 1.5 };
    expect(redactSecrets(line)).toBe(line);
    const err = Object.assign(new Error('failed'), { password: 'g' });
    const out = redactSecrets({ err }) as { err: Record<string, unknown> };
    expect(out.err).toMatchObject({ message: 'failed', password: REDACTED });
    expect(err.password).toBe('g');
  });
});
