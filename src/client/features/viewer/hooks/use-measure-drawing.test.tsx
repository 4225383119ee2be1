import { render } from '@testing-library/react';
import { useRef } from 'react';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { MeasureLine, Vec3 } from '../components/model-measure';
import { modelToolsWorld } from '../test/model-tools-world';
import { useMeasureDrawing } from './use-measure-drawing';

type World = ReturnType<typeof modelToolsWorld>;

/** The hook with one label per line, as the tools render them. */
function Drawing({ w, lines, pending }: { w: World; lines: MeasureLine[]; pending: Vec3 | null }) {
  const box = useRef(w.model.box.clone());
  const labels = useMeasureDrawing(w.world, w.fragments, box, lines, pending);
  return (
    <div ref={labels}>
      {lines.map((_, i) => (
        <span key={i} data-testid="label" />
      ))}
    </div>
  );
}

/** The measuring group in the scene: its lines and its dots. */
const drawn = (w: World) => {
  const group = w.scene.children.find((c) => c instanceof THREE.Group);
  const children = group?.children ?? [];
  return {
    group,
    lines: children.filter((c) => c instanceof THREE.Line).length,
    dots: children.filter((c) => c instanceof THREE.Mesh).map((c) => c.position.toArray()),
  };
};

const across: MeasureLine = { start: [4, 3, 4], end: [6, 3, 4] };
const behind: MeasureLine = { start: [5, 3, 30], end: [5, 3, 32] };

describe('useMeasureDrawing', () => {
  it('draws each line with its two ends and the waiting point, and clears them with the lines', () => {
    const w = modelToolsWorld();
    const { rerender, unmount } = render(<Drawing w={w} lines={[across]} pending={[1, 2, 3]} />);
    expect(drawn(w).lines).toBe(1);
    expect(drawn(w).dots).toEqual([
      [4, 3, 4],
      [6, 3, 4],
      [1, 2, 3],
    ]);
    rerender(<Drawing w={w} lines={[]} pending={null} />);
    expect(drawn(w)).toMatchObject({ lines: 0, dots: [] });
    expect(w.updates()).toBe(2);
    unmount();
    expect(drawn(w).group).toBeUndefined();
  });

  it('places each label over the middle of its line, hides one behind the camera, and follows the camera', () => {
    const w = modelToolsWorld();
    render(<Drawing w={w} lines={[across, behind]} pending={null} />);
    const [first, second] = document.querySelectorAll<HTMLElement>('[data-testid="label"]');
    const [x, y] = (first!.style.transform.match(/-?[\d.]+(?=px)/g) ?? []).map(Number);
    expect(x).toBeCloseTo(200);
    expect(y).toBeCloseTo(150);
    expect(first!.style.display).toBe('');
    expect(second!.style.display).toBe('none');

    const camera = w.world.camera.three;
    camera.position.set(25, 3, 4);
    camera.lookAt(5, 3, 4);
    camera.updateMatrixWorld();
    w.moveCamera();
    expect(second!.style.display).toBe('');
  });
});
