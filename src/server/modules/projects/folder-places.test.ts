import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { base, createProjectWorld } from './test-world';

describe('folders', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it('go only where files can be uploaded: not in AAC-element or lintel subprojects', async () => {
    const w = await createProjectWorld(app);
    const create = (parentProjectUnitID: number, projectUnitType: string, title: string, variant?: string | null) =>
      w.call('planner', 'POST', `${base}/projects`, {
        parentProjectUnitID,
        projectUnitType,
        title,
        ...(variant !== undefined ? { projectUnitTypeVariant: variant } : {}),
      });
    const elements = await create(w.root.project_unit_id, 'subproject', 'Elemente', 'aac_elements');
    const lintels = await create(w.root.project_unit_id, 'subproject', 'Stürze', 'lintel');
    expect([elements.statusCode, lintels.statusCode]).toEqual([200, 200]);
    for (const sub of [elements, lintels]) {
      const folder = await create(sub.json().projectUnitID, 'folder', 'Pläne');
      expect(folder.statusCode).toBe(400);
      expect(folder.json().messages[0]).toMatchObject({
        message: 'PROJECT.Create.NoFurtherStructuring',
        reference: 'projectUnitType',
      });
    }
    // Where files go, a folder still can.
    expect((await create(w.root.project_unit_id, 'folder', 'Pläne')).statusCode).toBe(200);
    expect((await create(w.sub.project_unit_id, 'folder', 'Pläne')).statusCode).toBe(200);
  });
});
