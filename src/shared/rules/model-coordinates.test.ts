import { describe, expect, it } from 'vitest';
import {
  cameraFromIfc,
  cameraToIfc,
  geometryFromIfc,
  geometryToIfc,
  ifcToViewerPoint,
  viewerToIfcDirection,
  viewerToIfcPoint,
} from './model-coordinates';

/** web-ifc's coordination matrix of the FZK-Haus: the model moved by 10 m along the viewer's z. */
const fzk = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 10, 1];
/** A model turned by 90° about the viewer's up axis and moved far from its origin. */
const turned = [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, -512000, 3, 5400000, 1];

describe('viewer and IFC coordinates', () => {
  it('turns Y up into Z up, and takes back the shift the viewer applied', () => {
    expect(viewerToIfcDirection([0, 1, 0])).toEqual([0, 0, 1]);
    expect(viewerToIfcDirection([0, 0, -1])).toEqual([0, 1, 0]);
    expect(viewerToIfcPoint([22, 14, 18], fzk)).toEqual([22, -8, 14]);
    expect(ifcToViewerPoint([22, -8, 14], fzk)).toEqual([22, 14, 18]);
  });

  it('gives back the same view after a round trip, also for a turned model far from its origin', () => {
    const camera = {
      position: [12.5, 7.25, -3] as [number, number, number],
      direction: [-0.6, -0.48, -0.64] as [number, number, number],
      up: [0, 1, 0] as [number, number, number],
      fieldOfView: 55,
    };
    const geometry = {
      lines: [{ start: [1, 2, 3] as [number, number, number], end: [4, 2, 3] as [number, number, number] }],
      clippingPlanes: [
        { location: [0, 1.5, 0] as [number, number, number], direction: [0, 1, 0] as [number, number, number] },
      ],
    };
    for (const c of [fzk, turned]) {
      const ifc = cameraToIfc(camera, c);
      expect(cameraFromIfc(ifc, c)).toEqual(camera);
      expect(geometryFromIfc(geometryToIfc(geometry, c), c)).toEqual(geometry);
    }
    // The turned model's IFC up is still Z, and its points lie where the model is in the world.
    const ifc = cameraToIfc(camera, turned);
    expect(ifc.up).toEqual([0, 0, 1]);
    expect(ifc.position).toEqual([5400003, -512012.5, 4.25]);
  });
});
