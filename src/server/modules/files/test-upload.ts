import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database';
import { afterAll, beforeAll } from 'vitest';
import type { Call } from '../../test/actors';
import { createTestApp, sharedTestDataDir } from '../../test/app';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** `who` creates a tus upload; returns the response (201 with a Location, or an error). */
export function createUpload<K extends string>(call: Call<K>, who: K, unitId: number, name: string, size: number) {
  return call(who, 'POST', '/api/file/uploads', undefined, {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(name)},unitId ${b64(String(unitId))}`,
    },
  });
}

export function patchUpload<K extends string>(call: Call<K>, who: K, location: string, offset: number, bytes: Buffer) {
  return call(who, 'PATCH', location, bytes, {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
  });
}

export function headUpload<K extends string>(call: Call<K>, who: K, location: string) {
  return call(who, 'HEAD', location, undefined, { headers: { 'tus-resumable': '1.0.0' } });
}

/** `who` uploads a whole file in one PATCH; returns the PATCH response. */
export async function uploadFile<K extends string>(call: Call<K>, who: K, unitId: number, name: string, bytes: Buffer) {
  const created = await createUpload(call, who, unitId, name, bytes.length);
  if (created.statusCode !== 201) return created;
  return patchUpload(call, who, String(created.headers.location), 0, bytes);
}

export const pdfBytes = (text = 'plan') =>
  Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
export const ifcBytes = () =>
  Buffer.from("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n");

/** A file row straight in the database (for tests of other modules that only need one to exist). */
export async function insertTestFile(
  db: Database,
  unit: { project_unit_id: number; root_project_unit_id: number | null; tenant_id: number },
  name = 'Plan.pdf',
) {
  const key = `f-${crypto.randomUUID()}`;
  const now = new Date();
  await db
    .insertInto('file_blobs')
    .values({ storage_key: key, tenant_id: unit.tenant_id, size: 1, sha256: 'x', created_at: now })
    .execute();
  const file = await db
    .insertInto('project_files')
    .values({
      tenant_id: unit.tenant_id,
      root_project_unit_id: unit.root_project_unit_id ?? unit.project_unit_id,
      project_unit_id: unit.project_unit_id,
      name,
      name_key: name.toLowerCase(),
      created_at: now,
    })
    .returning('project_file_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('project_file_versions')
    .values({
      project_file_id: file.project_file_id,
      version_no: 1,
      storage_key: key,
      size: 1,
      sha256: 'x',
      content_type: 'application/pdf',
      uploaded_by: null,
      created_at: now,
    })
    .execute();
  return file.project_file_id;
}

/**
 * An app for a test file, on the data directory every test process of this run shares: test
 * files run at once on one database, and any app may convert a model another one stored, so all
 * read the same files. The directory goes when the run ends (global setup).
 */
export function useFilesApp(): { app: FastifyInstance } {
  const holder = {} as { app: FastifyInstance };
  beforeAll(async () => {
    holder.app = await createTestApp({ config: { dataDir: sharedTestDataDir() } });
  });
  afterAll(async () => {
    await holder.app.close();
  });
  return holder;
}
