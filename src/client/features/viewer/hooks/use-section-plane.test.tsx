import { act, renderHook } from '@testing-library/react';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { modelToolsWorld } from '../test/model-tools-world';
import { useSectionPlane } from './use-section-plane';

describe('useSectionPlane', () => {
  it('sets no plane at first, then the section on the renderer as it moves, and none once gone', () => {
    const w = modelToolsWorld();
    const { result, unmount } = renderHook(() => useSectionPlane(w.world, w.model, w.fragments));
    expect(result.current.section).toBeNull();
    expect(w.planes.map((p) => p.active)).toEqual([false]);
    expect(result.current.box.current.equals(w.model.box)).toBe(true);

    act(() => result.current.setSection({ axis: 'y', at: 0.5, flipped: false }));
    const on = w.planes.at(-1)!;
    expect(on.active).toBe(true);
    // Kept below the middle of the 6 m high model, cut away above it.
    expect(on.plane.distanceToPoint(new THREE.Vector3(5, 2.9, 4))).toBeGreaterThan(0);
    expect(on.plane.distanceToPoint(new THREE.Vector3(5, 3.1, 4))).toBeLessThan(0);
    expect(result.current.plane.current.equals(on.plane)).toBe(true);

    act(() => result.current.setSection({ axis: 'x', at: 0.2, flipped: true }));
    expect(w.planes.at(-1)!.plane.distanceToPoint(new THREE.Vector3(1, 0, 0))).toBeLessThan(0);

    act(() => result.current.setSection(null));
    expect(w.planes.at(-1)!.active).toBe(false);
    // The fragments redraw after each change.
    expect(w.updates()).toBe(4);
    unmount();
    expect(w.planes.at(-1)!.active).toBe(false);
    expect(w.planes).toHaveLength(5);
  });
});
