import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  clippingPlaneOf,
  formatMetres,
  labelPlacement,
  lineLength,
  MAX_LINES,
  sectionOf,
  sectionPlane,
  withLine,
  type Axis,
  type MeasureLine,
} from './model-measure';

const box = new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(10, 6, 8));
const line = (n: number): MeasureLine => ({ start: [n, 0, 0], end: [n, 1, 0] });

describe('model measuring and sections', () => {
  it('writes a distance in metres the way the language does', () => {
    expect(formatMetres(1.234, 'de')).toBe('1,23 m');
    expect(formatMetres(1234.5, 'en')).toBe('1,234.50 m');
  });

  it('measures the straight distance between the two points', () => {
    expect(lineLength({ start: [1, 1, 1], end: [4, 5, 1] })).toBe(5);
  });

  it('keeps the newest lines only', () => {
    let lines: MeasureLine[] = [];
    for (let n = 0; n < MAX_LINES + 2; n++) lines = withLine(lines, line(n));
    expect(lines).toHaveLength(MAX_LINES);
    expect(lines[0]).toEqual(line(2));
    expect(lines.at(-1)).toEqual(line(MAX_LINES + 1));
  });

  it('cuts away what lies beyond the place along the axis, or before it when flipped', () => {
    const plane = sectionPlane({ axis: 'y', at: 0.5, flipped: false }, box);
    expect(plane.distanceToPoint(new THREE.Vector3(5, 2, 4))).toBeGreaterThan(0);
    expect(plane.distanceToPoint(new THREE.Vector3(5, 4, 4))).toBeLessThan(0);
    const flipped = sectionPlane({ axis: 'y', at: 0.5, flipped: true }, box);
    expect(flipped.distanceToPoint(new THREE.Vector3(5, 2, 4))).toBeLessThan(0);
    expect(flipped.distanceToPoint(new THREE.Vector3(5, 4, 4))).toBeGreaterThan(0);
    expect(
      sectionPlane({ axis: 'x', at: 0.25, flipped: false }, box).distanceToPoint(new THREE.Vector3(2.5, 0, 0)),
    ).toBe(0);
  });

  it('keeps a section as a point on its plane and the direction of the part cut away', () => {
    const kept = clippingPlaneOf(sectionPlane({ axis: 'z', at: 0.25, flipped: false }, box));
    expect(kept.location[2]).toBeCloseTo(2);
    // (+ 0 turns the negative zeros of the negated normal into zeros)
    expect(kept.direction.map((v) => v + 0)).toEqual([0, 0, 1]);
  });

  it('shows a kept section as it was, on every axis and side', () => {
    for (const axis of ['x', 'y', 'z'] as Axis[]) {
      for (const flipped of [false, true]) {
        const section = { axis, at: 0.3, flipped };
        const shown = sectionOf(clippingPlaneOf(sectionPlane(section, box)), box);
        expect(shown.axis).toBe(axis);
        expect(shown.flipped).toBe(flipped);
        expect(shown.at).toBeCloseTo(0.3);
      }
    }
  });

  it('takes the largest direction component as the axis and keeps the place within the model', () => {
    expect(sectionOf({ location: [5, 99, 4], direction: [0.2, 0.9, -0.3] }, box)).toEqual({
      axis: 'y',
      at: 1,
      flipped: false,
    });
    expect(sectionOf({ location: [-4, 0, 0], direction: [-1, 0, 0] }, box)).toEqual({
      axis: 'x',
      at: 0,
      flipped: true,
    });
    const flat = new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(10, 0, 8));
    expect(sectionOf({ location: [0, 0.5, 0], direction: [0, 1, 0] }, flat).at).toBe(0.5);
  });

  it('places a label above the middle of its line as the camera sees it, and hides it behind the camera', () => {
    const camera = new THREE.PerspectiveCamera(60, 4 / 3, 0.1, 1000);
    camera.position.set(5, 3, 24);
    camera.lookAt(5, 3, 4);
    camera.updateMatrixWorld();
    const size = { w: 400, h: 300 };
    const centre = labelPlacement({ start: [4, 3, 4], end: [6, 3, 4] }, camera, size);
    expect(centre.hidden).toBe(false);
    const [x, y] = (centre.transform.match(/-?[\d.]+(?=px)/g) ?? []).map(Number);
    expect(x).toBeCloseTo(200);
    expect(y).toBeCloseTo(150);
    expect(centre.transform).toMatch(/ translate\(-50%, -120%\)$/);
    expect(labelPlacement({ start: [5, 3, 30], end: [5, 3, 32] }, camera, size).hidden).toBe(true);
  });
});
