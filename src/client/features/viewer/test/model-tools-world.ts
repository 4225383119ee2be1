import * as THREE from 'three';
import type { ToolsFragments, ToolsModel, ToolsWorld, Vec3 } from '../components/model-measure';

/**
 * A world for the measuring and section tools made of plain three.js objects, as jsdom draws no
 * WebGL: a scene, a camera 20 m in front of the model looking at its middle, a canvas of 400 × 300
 * CSS pixels, and a model 10 × 6 × 8 m whose every click hits `aim`'s point (or nothing).
 */
export function modelToolsWorld() {
  const canvas = document.createElement('canvas');
  Object.defineProperty(canvas, 'clientWidth', { value: 400 });
  Object.defineProperty(canvas, 'clientHeight', { value: 300 });
  const camera = new THREE.PerspectiveCamera(60, 4 / 3, 0.1, 1000);
  camera.position.set(5, 3, 24);
  camera.lookAt(5, 3, 4);
  camera.updateMatrixWorld();
  const controls = new EventTarget();
  const scene = new THREE.Scene();
  /** Every plane the renderer was given, as it was then. */
  const planes: { active: boolean; plane: THREE.Plane }[] = [];
  const world: ToolsWorld = {
    scene: { three: scene },
    camera: { three: camera, controls },
    renderer: {
      three: { domElement: canvas },
      setPlane: (active, plane) => planes.push({ active, plane: plane.clone() }),
    },
  };
  let updates = 0;
  const fragments: ToolsFragments = {
    core: {
      update: async () => {
        updates += 1;
      },
    },
  };
  let hit: Vec3 | null = null;
  /** Where each click was cast from (client pixels). */
  const rays: THREE.Vector2[] = [];
  const model: ToolsModel = {
    box: new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(10, 6, 8)),
    raycast: async ({ mouse }) => {
      rays.push(mouse.clone());
      return hit ? { point: new THREE.Vector3(...hit) } : null;
    },
  };
  return {
    world,
    model,
    fragments,
    scene,
    canvas,
    planes,
    rays,
    updates: () => updates,
    aim: (p: Vec3 | null) => {
      hit = p;
    },
    /** A press at (x, y) released at (toX, toY): a click when the two are near, else a drag (jsdom has no PointerEvent). */
    press: (x: number, y: number, toX = x, toY = y) => {
      canvas.dispatchEvent(new MouseEvent('pointerdown', { clientX: x, clientY: y }));
      canvas.dispatchEvent(new MouseEvent('pointerup', { clientX: toX, clientY: toY }));
    },
    /** The camera moved: the controls announce an update. */
    moveCamera: () => controls.dispatchEvent(new Event('update')),
  };
}
