import { useEffect, useRef, type RefObject } from 'react';
import * as THREE from 'three';
import {
  labelPlacement,
  MEASURE_COLOUR,
  type MeasureLine,
  type ToolsFragments,
  type ToolsWorld,
  type Vec3,
} from '../components/model-measure';

/**
 * The measured lines, their end points and the pending first point in the scene, drawn over the
 * model; the labels' element (one child per line, in order) follows the camera and the canvas' size.
 */
export function useMeasureDrawing(
  world: ToolsWorld,
  fragments: ToolsFragments,
  box: RefObject<THREE.Box3>,
  lines: MeasureLine[],
  pending: Vec3 | null,
) {
  const labels = useRef<HTMLDivElement>(null);
  const group = useRef(new THREE.Group());

  useEffect(() => {
    const g = group.current;
    world.scene.three.add(g);
    return () => {
      world.scene.three.remove(g);
    };
  }, [world]);

  useEffect(() => {
    const g = group.current;
    g.clear();
    const size = box.current.getSize(new THREE.Vector3()).length() || 10;
    const material = new THREE.LineBasicMaterial({ color: MEASURE_COLOUR, depthTest: false });
    const dotMaterial = new THREE.MeshBasicMaterial({ color: MEASURE_COLOUR, depthTest: false });
    const dot = new THREE.SphereGeometry(size / 300, 12, 8);
    const addDot = (p: readonly number[]) => {
      const mesh = new THREE.Mesh(dot, dotMaterial);
      mesh.position.set(p[0] ?? 0, p[1] ?? 0, p[2] ?? 0);
      mesh.renderOrder = 10;
      g.add(mesh);
    };
    for (const l of lines) {
      const line = new THREE.Line(
        new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(...l.start), new THREE.Vector3(...l.end)]),
        material,
      );
      line.renderOrder = 10;
      g.add(line);
      addDot(l.start);
      addDot(l.end);
    }
    if (pending) addDot(pending);
    void fragments.core.update(true);

    const dom = world.renderer!.three.domElement;
    const place = () => {
      const el = labels.current;
      if (!el) return;
      const rect = { w: dom.clientWidth, h: dom.clientHeight };
      [...el.children].forEach((child, i) => {
        const l = lines[i];
        if (!l || !(child instanceof HTMLElement)) return;
        const { hidden, transform } = labelPlacement(l, world.camera.three, rect);
        child.style.display = hidden ? 'none' : '';
        child.style.transform = transform;
      });
    };
    place();
    const controls = world.camera.controls;
    controls.addEventListener('update', place);
    // The canvas changes size with the layout (a phone turned, panels opened), not only with the window.
    const resized = new ResizeObserver(place);
    resized.observe(dom);
    return () => {
      controls.removeEventListener('update', place);
      resized.disconnect();
      dot.dispose();
      material.dispose();
      dotMaterial.dispose();
      g.children.forEach((c) => (c instanceof THREE.Line ? c.geometry.dispose() : undefined));
    };
  }, [world, fragments, box, lines, pending]);

  return labels;
}
