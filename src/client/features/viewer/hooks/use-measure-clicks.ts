import { useEffect, type RefObject } from 'react';
import * as THREE from 'three';
import { isClick } from '../components/model-data';
import { toVec3, type Section, type ToolsModel, type ToolsWorld, type Vec3 } from '../components/model-measure';

/**
 * Clicks on the model while measuring: each gives the point hit to `onPoint` (a drag still orbits).
 * With a section on, a point the section cuts away is not on the shown model and gives nothing.
 */
export function useMeasureClicks(
  world: ToolsWorld,
  model: ToolsModel,
  measuring: boolean,
  section: Section | null,
  plane: RefObject<THREE.Plane>,
  onPoint: (p: Vec3) => void,
) {
  useEffect(() => {
    if (!measuring) return;
    const dom = world.renderer!.three.domElement;
    let down: { x: number; y: number } | null = null;
    const onDown = (e: PointerEvent) => {
      down = { x: e.clientX, y: e.clientY };
    };
    const onUp = async (e: PointerEvent) => {
      if (!isClick(down, { x: e.clientX, y: e.clientY })) return;
      const hit = await model.raycast({
        camera: world.camera.three,
        mouse: new THREE.Vector2(e.clientX, e.clientY),
        dom,
      });
      if (!hit || (section && plane.current.distanceToPoint(hit.point) < 0)) return;
      onPoint(toVec3(hit.point));
    };
    dom.addEventListener('pointerdown', onDown);
    dom.addEventListener('pointerup', onUp);
    return () => {
      dom.removeEventListener('pointerdown', onDown);
      dom.removeEventListener('pointerup', onUp);
    };
  }, [world, model, measuring, section, plane, onPoint]);
}
