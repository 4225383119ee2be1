import { renderHook, waitFor } from '@testing-library/react';
import * as THREE from 'three';
import { describe, expect, it, vi } from 'vitest';
import { sectionPlane, type Section } from '../components/model-measure';
import { modelToolsWorld } from '../test/model-tools-world';
import { useMeasureClicks } from './use-measure-clicks';

function setup(measuring: boolean, section: Section | null = null) {
  const w = modelToolsWorld();
  const plane = { current: section ? sectionPlane(section, w.model.box) : new THREE.Plane() };
  const onPoint = vi.fn();
  const hook = renderHook(({ on }) => useMeasureClicks(w.world, w.model, on, section, plane, onPoint), {
    initialProps: { on: measuring },
  });
  return { w, onPoint, hook };
}

describe('useMeasureClicks', () => {
  it('gives the point a click hits, cast from where the pointer was', async () => {
    const { w, onPoint } = setup(true);
    w.aim([1, 2, 3]);
    w.press(120, 80, 123, 82);
    await waitFor(() => expect(onPoint).toHaveBeenCalledWith([1, 2, 3]));
    expect(w.rays.map((r) => r.toArray())).toEqual([[123, 82]]);
  });

  it('takes a drag for an orbit and a click on nothing for nothing', async () => {
    const { w, onPoint } = setup(true);
    w.aim([1, 2, 3]);
    w.press(120, 80, 140, 80);
    w.aim(null);
    w.press(10, 10);
    await waitFor(() => expect(w.rays).toHaveLength(1));
    expect(onPoint).not.toHaveBeenCalled();
  });

  it('listens only while measuring', async () => {
    const { w, onPoint, hook } = setup(false);
    w.aim([1, 2, 3]);
    w.press(10, 10);
    hook.rerender({ on: true });
    w.press(10, 10);
    hook.rerender({ on: false });
    w.press(10, 10);
    await waitFor(() => expect(onPoint).toHaveBeenCalledTimes(1));
    expect(w.rays).toHaveLength(1);
  });

  it('gives no point the section cuts away', async () => {
    // The upper half of the 6 m high model is cut away.
    const { w, onPoint } = setup(true, { axis: 'y', at: 0.5, flipped: false });
    w.aim([5, 5, 4]);
    w.press(10, 10);
    w.aim([5, 1, 4]);
    w.press(10, 10);
    await waitFor(() => expect(onPoint).toHaveBeenCalledTimes(1));
    expect(onPoint).toHaveBeenCalledWith([5, 1, 4]);
  });
});
