import type { ModelViewpoint } from '../schemas/review';

/**
 * Viewer and IFC coordinates of a model. A topic's viewpoint is kept and exchanged in IFC world
 * coordinates (metres, Z up), as BCF has it; the 3D viewer (three.js) has Y up and shows the model
 * moved near its origin by web-ifc's coordination matrix C. So a point p of the model is shown at
 *
 *   viewer = C · N · p,  where N turns Z up into Y up: (x, y, z) → (x, z, −y).
 *
 * The viewer converts when it captures or applies a view; nothing else converts.
 */
export type Vec3 = [number, number, number];

/** A rigid 4 × 4 matrix, 16 numbers in column order (three.js `Matrix4.elements`). */
export type CoordinationMatrix = readonly number[];

export const identityMatrix: CoordinationMatrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

// Numbers that came out as -0 or 1e-16 from the rotation read as 0 and 1 in the XML.
const tidy = (n: number) => {
  const r = Math.round(n * 1e9) / 1e9;
  return r === 0 ? 0 : r;
};

const rotate = (c: CoordinationMatrix, [x, y, z]: Vec3): Vec3 => [
  (c[0] ?? 1) * x + (c[4] ?? 0) * y + (c[8] ?? 0) * z,
  (c[1] ?? 0) * x + (c[5] ?? 1) * y + (c[9] ?? 0) * z,
  (c[2] ?? 0) * x + (c[6] ?? 0) * y + (c[10] ?? 1) * z,
];
/** The inverse of the rotation part: its transpose (the matrix is rigid). */
const rotateBack = (c: CoordinationMatrix, [x, y, z]: Vec3): Vec3 => [
  (c[0] ?? 1) * x + (c[1] ?? 0) * y + (c[2] ?? 0) * z,
  (c[4] ?? 0) * x + (c[5] ?? 1) * y + (c[6] ?? 0) * z,
  (c[8] ?? 0) * x + (c[9] ?? 0) * y + (c[10] ?? 1) * z,
];
const translation = (c: CoordinationMatrix): Vec3 => [c[12] ?? 0, c[13] ?? 0, c[14] ?? 0];

const zUpToYUp = ([x, y, z]: Vec3): Vec3 => [x, z, -y];
const yUpToZUp = ([x, y, z]: Vec3): Vec3 => [x, -z, y];

export function viewerToIfcDirection(v: Vec3, c: CoordinationMatrix = identityMatrix): Vec3 {
  return yUpToZUp(rotateBack(c, v)).map(tidy) as Vec3;
}

export function viewerToIfcPoint(v: Vec3, c: CoordinationMatrix = identityMatrix): Vec3 {
  const [tx, ty, tz] = translation(c);
  return viewerToIfcDirection([v[0] - tx, v[1] - ty, v[2] - tz], c);
}

export function ifcToViewerDirection(p: Vec3, c: CoordinationMatrix = identityMatrix): Vec3 {
  return rotate(c, zUpToYUp(p)).map(tidy) as Vec3;
}

export function ifcToViewerPoint(p: Vec3, c: CoordinationMatrix = identityMatrix): Vec3 {
  const [x, y, z] = rotate(c, zUpToYUp(p));
  const [tx, ty, tz] = translation(c);
  return [x + tx, y + ty, z + tz].map(tidy) as Vec3;
}

type Geometry = Pick<ModelViewpoint, 'lines' | 'clippingPlanes'>;
type Camera = ModelViewpoint['camera'];

function convertCamera(camera: Camera, point: (v: Vec3) => Vec3, direction: (v: Vec3) => Vec3): Camera {
  return {
    position: point(camera.position),
    direction: direction(camera.direction),
    up: direction(camera.up),
    fieldOfView: camera.fieldOfView,
  };
}

function convertGeometry(g: Geometry, point: (v: Vec3) => Vec3, direction: (v: Vec3) => Vec3): Geometry {
  return {
    ...(g.lines ? { lines: g.lines.map((l) => ({ start: point(l.start), end: point(l.end) })) } : {}),
    ...(g.clippingPlanes
      ? {
          clippingPlanes: g.clippingPlanes.map((p) => ({
            location: point(p.location),
            direction: direction(p.direction),
          })),
        }
      : {}),
  };
}

/** A camera of the viewer as BCF has it. */
export const cameraToIfc = (camera: Camera, c: CoordinationMatrix = identityMatrix): Camera =>
  convertCamera(
    camera,
    (v) => viewerToIfcPoint(v, c),
    (v) => viewerToIfcDirection(v, c),
  );

/** A BCF camera as the viewer has it. */
export const cameraFromIfc = (camera: Camera, c: CoordinationMatrix = identityMatrix): Camera =>
  convertCamera(
    camera,
    (p) => ifcToViewerPoint(p, c),
    (p) => ifcToViewerDirection(p, c),
  );

/** Measured lines and section planes of the viewer as BCF has them. */
export const geometryToIfc = (g: Geometry, c: CoordinationMatrix = identityMatrix): Geometry =>
  convertGeometry(
    g,
    (v) => viewerToIfcPoint(v, c),
    (v) => viewerToIfcDirection(v, c),
  );

/** BCF lines and clipping planes as the viewer has them. */
export const geometryFromIfc = (g: Geometry, c: CoordinationMatrix = identityMatrix): Geometry =>
  convertGeometry(
    g,
    (p) => ifcToViewerPoint(p, c),
    (p) => ifcToViewerDirection(p, c),
  );
