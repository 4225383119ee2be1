import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFileKinds, defaultFilePolicy } from '../../../shared/rules/files';
import { createTestApp } from '../../test/app';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { createUpload } from './test-upload';

let app: FastifyInstance;

// The test apps' shared file store: other test files' apps on the same database convert the
// models any app uploaded, so every app must read every stored file.
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const url = '/api/data/portal/file-policy';
const MB = 1024 ** 2;

describe('file policy of a tenant (admin area)', () => {
  let w: ProjectWorld;
  beforeAll(async () => {
    w = await createProjectWorld(app, { state: 'ProvideFiles' });
  });

  it('shows the defaults until the tenant saves its own', async () => {
    const res = await w.call('admin', 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...defaultFilePolicy, modelMaxFileSizeBytes: 512 * MB, isDefault: true });
  });

  it('refuses everyone but the tenant admin with 403 and changes nothing', async () => {
    for (const who of ['planner', 'internal', 'member'] as const) {
      expect((await w.call(who, 'GET', url)).statusCode, who).toBe(403);
      const put = await w.call(who, 'PUT', url, { allowedKinds: ['pdf'], maxFileSizeBytes: 5 * MB });
      expect(put.statusCode, who).toBe(403);
      expect((await w.call(who, 'DELETE', url)).statusCode, who).toBe(403);
    }
    expect((await w.call('admin', 'GET', url)).json().isDefault).toBe(true);
  });

  it('answers 404 for another product key', async () => {
    expect((await w.call('admin', 'GET', '/api/data/other/file-policy')).statusCode).toBe(404);
  });

  it.each([
    ['no kind', { allowedKinds: [], maxFileSizeBytes: 5 * MB }, 'ADMIN.FilePolicy.Errors.KindsRequired'],
    [
      'an unknown kind',
      { allowedKinds: ['pdf', 'exe'], maxFileSizeBytes: 5 * MB },
      'ADMIN.FilePolicy.Errors.UnknownKind',
    ],
    ['a limit below 1 MB', { allowedKinds: ['pdf'], maxFileSizeBytes: 1000 }, 'ADMIN.FilePolicy.Errors.SizeRange'],
    [
      'a limit above 10 GB',
      { allowedKinds: ['pdf'], maxFileSizeBytes: 11 * 1024 ** 3 },
      'ADMIN.FilePolicy.Errors.SizeRange',
    ],
    ['a fractional limit', { allowedKinds: ['pdf'], maxFileSizeBytes: 5.5 * MB + 0.5 }, 'VALIDATION.WholeNumber'],
    ['a limit as text', { allowedKinds: ['pdf'], maxFileSizeBytes: '5' }, 'VALIDATION.WholeNumber'],
    ['no limit', { allowedKinds: ['pdf'] }, 'VALIDATION.WholeNumber'],
  ])('refuses %s with 400 and a translated reason', async (_label, body, message) => {
    const res = await w.call('admin', 'PUT', url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'ValidationFailed' });
    expect(res.json().messages.map((m: { message: string }) => m.message)).toContain(message);
    expect((await w.call('admin', 'GET', url)).json().isDefault).toBe(true);
  });

  it('saves kinds (each once, in canonical order) and the limit; the next upload follows them', async () => {
    const res = await w.call('admin', 'PUT', url, { allowedKinds: ['ifc', 'pdf', 'pdf'], maxFileSizeBytes: 5 * MB });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      allowedKinds: ['pdf', 'ifc'],
      maxFileSizeBytes: 5 * MB,
      modelMaxFileSizeBytes: 512 * MB,
      isDefault: false,
    });
    expect((await w.call('admin', 'GET', url)).json()).toEqual(res.json());

    const files = (
      await w.call('member', 'GET', `/api/file/${w.root.project_unit_id}/${w.lot.project_unit_id}`)
    ).json();
    expect(files.allowedExtensions).toEqual(['pdf', 'ifc']);
    expect(files.maxFileSizeBytes).toBe(5 * MB);

    const png = await createUpload(w.call, 'member', w.lot.project_unit_id, 'foto.png', 100);
    expect(png.statusCode).toBe(415);
    expect(png.json().messages[0].message).toBe('FILES.Errors.TypeNotAllowed');
    const big = await createUpload(w.call, 'member', w.lot.project_unit_id, 'plan.pdf', 5 * MB + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json().messages[0].message).toBe('FILES.Errors.TooLarge');
    const ok = await createUpload(w.call, 'member', w.lot.project_unit_id, 'plan.pdf', 5 * MB);
    expect(ok.statusCode).toBe(201);
  });

  it('is per tenant: another tenant keeps its defaults and cannot touch this one', async () => {
    const foreign = await w.call('foreignAdmin', 'GET', url);
    expect(foreign.json()).toEqual({ ...defaultFilePolicy, modelMaxFileSizeBytes: 512 * MB, isDefault: true });
    await w.call('foreignAdmin', 'PUT', url, { allowedKinds: allFileKinds, maxFileSizeBytes: 10 * MB });
    expect((await w.call('admin', 'GET', url)).json().maxFileSizeBytes).toBe(5 * MB);
  });

  it('resets to the defaults', async () => {
    const res = await w.call('admin', 'DELETE', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...defaultFilePolicy, modelMaxFileSizeBytes: 512 * MB, isDefault: true });
    const files = (
      await w.call('member', 'GET', `/api/file/${w.root.project_unit_id}/${w.lot.project_unit_id}`)
    ).json();
    expect(files.maxFileSizeBytes).toBe(defaultFilePolicy.maxFileSizeBytes);
  });
});
