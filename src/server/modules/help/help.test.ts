import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { createTestApp, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createWorld } from '../../test/factories';
import { buildManualsIfStale } from '../../../../scripts/lib/build-manuals.mjs';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('help test dialog call', () => {
  it('checks the e-mail on the server with the dialog messages', async () => {
    const world = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { external: world.external });
    const post = (payload: object) => call('external', 'POST', '/api/data/portal/projects/test-email', payload);
    const ok = await post({ email: ' reviewer@example.test ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, email: 'reviewer@example.test' });
    const empty = await post({ email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messages).toEqual([
      { messageType: 'Error', message: 'HELP.EmailRequired', reference: 'email' },
    ]);
    const invalid = await post({ email: 'no-at-sign' });
    expect(invalid.json().messages[0]).toMatchObject({ message: 'HELP.EmailInvalid', reference: 'email' });
    expect((await post({ email: 'a b@c.de' })).statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/data/portal/projects/test-email',
      headers: xhr,
      payload: { email: 'x@y.de' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves only the German and Dutch manuals, without a session', async () => {
    await buildManualsIfStale();
    for (const language of ['de', 'nl']) {
      const pdf = await app.inject({ method: 'GET', url: `/manuals/manual_for_reviewer_${language}.pdf` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const res = await app.inject({ method: 'GET', url: '/manuals/manual_for_reviewer_fr.pdf' });
    expect(res.statusCode).toBe(404);
    const traversal = await app.inject({
      method: 'GET',
      url: '/manuals/manual_for_reviewer_..%2F..%2Fpackage.json.pdf',
    });
    expect(traversal.statusCode).toBe(404);
  });
});
