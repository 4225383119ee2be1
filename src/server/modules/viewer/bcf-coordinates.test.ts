import { beforeAll, describe, expect, it } from 'vitest';
import { cameraFromIfc, cameraToIfc, geometryFromIfc, geometryToIfc } from '../../../shared/rules/model-coordinates';
import type { ModelViewpoint } from '../../../shared/schemas/review';
import { createChildUnit } from '../../test/factories';
import { listZipEntries } from '../files/zip-reader.test-helper';
import { useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';

const t = useFilesApp();

/** web-ifc's coordination matrix of the FZK-Haus: the viewer shows it moved by 10 m along its z. */
const fzk = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 10, 1];

/** A view as the 3D viewer has it (three.js, Y up): from south-east, a measured line, a horizontal section. */
const viewerCamera = {
  position: [22, 14, 18] as [number, number, number],
  direction: [-0.6, -0.48, -0.64] as [number, number, number],
  up: [0, 1, 0] as [number, number, number],
  fieldOfView: 55,
};
const viewerGeometry = {
  lines: [{ start: [1, 2, 3] as [number, number, number], end: [4, 2, 3] as [number, number, number] }],
  clippingPlanes: [
    { location: [0, 1.5, 0] as [number, number, number], direction: [0, 1, 0] as [number, number, number] },
  ],
};

const xyz = (tag: string, [x, y, z]: number[]) =>
  new RegExp(`<${tag}>\\s*<X>${x}</X>\\s*<Y>${y}</Y>\\s*<Z>${z}</Z>\\s*</${tag}>`);

describe('BCF viewpoints in IFC coordinates (Z up)', () => {
  let w: ProjectWorld;
  let base: (unitId: number) => string;
  let source: number;
  let fresh: number;

  beforeAll(async () => {
    w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const lot = () =>
      createChildUnit(w.db, w.sub, {
        project_unit_type: 'approvallot',
        title: `OG ${Math.random().toString(36).slice(2, 8)}`,
        state_key: 'ReviewPreliminaryDrawings',
        state_since: new Date(),
      });
    source = (await lot()).project_unit_id;
    base = (unitId) => `/api/viewer/${w.root.project_unit_id}/${unitId}`;
    // The viewer hands out the view converted; the server keeps it as it came.
    const viewpoint: ModelViewpoint = {
      camera: cameraToIfc(viewerCamera, fzk),
      selection: ['2XPyKWY018sA1ygZKgQPtU'],
      ...geometryToIfc(viewerGeometry, fzk),
    };
    const res = await w.call('member', 'POST', `${base(source)}/topics`, { title: 'Wand versetzt', viewpoint });
    expect(res.statusCode).toBe(200);
    fresh = (await lot()).project_unit_id;
  });

  it('writes the camera, the measured line and the section plane with Z up into the .bcfv', async () => {
    const res = await w.call('member', 'GET', `${base(source)}/bcf`);
    expect(res.statusCode).toBe(200);
    const bcfv = (await listZipEntries(res.rawPayload)).find((e) => e.name.endsWith('.bcfv'))?.data.toString() ?? '';
    // Viewer (x, y, z) less the shift (0, 0, 10) is IFC (x, −z, y).
    expect(bcfv).toMatch(xyz('CameraViewPoint', [22, -8, 14]));
    expect(bcfv).toMatch(xyz('CameraDirection', [-0.6, 0.64, -0.48]));
    expect(bcfv).toMatch(xyz('CameraUpVector', [0, 0, 1]));
    expect(bcfv).toMatch(xyz('StartPoint', [1, 7, 2]));
    expect(bcfv).toMatch(xyz('EndPoint', [4, 7, 2]));
    expect(bcfv).toMatch(xyz('Location', [0, 10, 1.5]));
    expect(bcfv).toMatch(xyz('Direction', [0, 0, 1]));
  });

  it('export then import gives the same view, shown by the viewer as it was captured', async () => {
    const exported = (await w.call('member', 'GET', `${base(source)}/bcf`)).rawPayload;
    const res = await w.call('member', 'POST', `${base(fresh)}/bcf`, exported, {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.json()).toEqual({ imported: 1, skipped: 0 });
    const topics = (id: number) =>
      w.call('member', 'GET', `${base(id)}/topics`).then((r) => r.json().data as { viewpoint: ModelViewpoint }[]);
    const [before] = await topics(source);
    const [after] = await topics(fresh);
    expect(after?.viewpoint).toEqual(before?.viewpoint);
    const shown = after!.viewpoint;
    expect(cameraFromIfc(shown.camera, fzk)).toEqual(viewerCamera);
    expect(geometryFromIfc(shown, fzk)).toEqual(viewerGeometry);
  });
});
