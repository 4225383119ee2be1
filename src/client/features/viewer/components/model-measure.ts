import * as THREE from 'three';

export type Vec3 = [number, number, number];
export type Axis = 'x' | 'y' | 'z';
export type Section = { axis: Axis; at: number; flipped: boolean };
export type MeasureLine = { start: Vec3; end: Vec3 };
/** A section plane as a topic keeps it (BCF ClippingPlane): the direction points to the part cut away. */
export type ClippingPlane = { location: Vec3; direction: Vec3 };

export const MEASURE_COLOUR = '#1864ab';
export const MAX_LINES = 20;
/** A section switched on: across the height, through the middle of the model. */
export const NEW_SECTION: Section = { axis: 'y', at: 0.5, flipped: false };

/**
 * What the measuring and section tools use of the viewer's world: the @thatopen world and model in
 * the viewer, plain three.js objects in tests (jsdom draws no WebGL).
 */
export type ToolsWorld = {
  scene: { three: THREE.Object3D };
  camera: {
    three: THREE.PerspectiveCamera | THREE.OrthographicCamera;
    controls: {
      addEventListener(type: 'update', listener: () => void): void;
      removeEventListener(type: 'update', listener: () => void): void;
    };
  };
  renderer: { three: { domElement: HTMLCanvasElement }; setPlane(active: boolean, plane: THREE.Plane): void } | null;
};
export type ToolsModel = {
  box: THREE.Box3;
  raycast(data: {
    camera: ToolsWorld['camera']['three'];
    mouse: THREE.Vector2;
    dom: HTMLCanvasElement;
  }): Promise<{ point: THREE.Vector3 } | null>;
};
export type ToolsFragments = { core: { update(force?: boolean): Promise<void> } };

const axisVector = (axis: Axis) => new THREE.Vector3(axis === 'x' ? 1 : 0, axis === 'y' ? 1 : 0, axis === 'z' ? 1 : 0);
const vector = (p: readonly number[]) => new THREE.Vector3(p[0], p[1], p[2]);
/** A point of the scene as a topic keeps it. */
export const toVec3 = (v: THREE.Vector3): Vec3 => [v.x, v.y, v.z];

/** The distance in metres for people, in the locale's format. */
export function formatMetres(metres: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'meter',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(metres);
}

/** The length of a measured line (in metres, as the model's coordinates are). */
export const lineLength = (l: MeasureLine) => vector(l.start).distanceTo(vector(l.end));

/** The lines with one more: the newest `MAX_LINES` are kept. */
export const withLine = (lines: MeasureLine[], line: MeasureLine) => [...lines, line].slice(-MAX_LINES);

/**
 * Plane of a section: what lies beyond `at` along the axis is cut away (flipped: what lies before it).
 * A three.js clipping plane keeps the points where normal · p + constant ≥ 0.
 */
export function sectionPlane(section: Section, box: THREE.Box3): THREE.Plane {
  const min = box.min[section.axis];
  const max = box.max[section.axis];
  const value = min + (max - min) * section.at;
  const normal = axisVector(section.axis).multiplyScalar(section.flipped ? 1 : -1);
  return new THREE.Plane(normal, section.flipped ? -value : value);
}

/** A three.js clipping plane as a topic keeps it: a point on it, and the direction of the part cut away. */
export const clippingPlaneOf = (plane: THREE.Plane): ClippingPlane => ({
  location: toVec3(plane.coplanarPoint(new THREE.Vector3())),
  direction: toVec3(plane.normal.clone().negate()),
});

/**
 * The section a topic's plane shows: its axis is the largest direction component; its place, the
 * location along that axis within the model's box (0 to 1).
 */
export function sectionOf(c: ClippingPlane, box: THREE.Box3): Section {
  const d = vector(c.direction);
  const axis: Axis = (['x', 'y', 'z'] as const).reduce((x, y) => (Math.abs(d[y]) > Math.abs(d[x]) ? y : x));
  const min = box.min[axis];
  const size = box.max[axis] - min || 1;
  const along = vector(c.location)[axis];
  return { axis, at: Math.min(1, Math.max(0, (along - min) / size)), flipped: d[axis] < 0 };
}

/**
 * Where a line's label goes over the canvas (`size` in CSS pixels): above the line's middle as the
 * camera sees it; hidden when the middle is behind the camera.
 */
export function labelPlacement(l: MeasureLine, camera: THREE.Camera, size: { w: number; h: number }) {
  const p = vector(l.start).add(vector(l.end)).multiplyScalar(0.5).project(camera);
  return {
    hidden: p.z > 1,
    transform: `translate(${((p.x + 1) / 2) * size.w}px, ${((1 - p.y) / 2) * size.h}px) translate(-50%, -120%)`,
  };
}
