import * as OBC from '@thatopen/components';
import { RenderedFaces, type FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';
import type { ModelCamera } from '../../../components/model-viewer-slot';

export const HIGHLIGHT = new THREE.Color('#e8590c');
/** A clicked element: blue, so the highlighted ones stay recognisable. */
export const PICKED = new THREE.Color('#1971c2');
export const GHOST_OPACITY = 0.12;

/** How highlighted elements are drawn: opaque, both faces, in `color`. */
export const highlightStyle = (color: THREE.Color) => ({
  color,
  renderedFaces: RenderedFaces.TWO,
  opacity: 1,
  transparent: false,
});

export type Scene = {
  components: OBC.Components;
  world: OBC.SimpleWorld<OBC.SimpleScene, OBC.SimpleCamera, OBC.SimpleRenderer>;
  fragments: OBC.FragmentsManager;
  model: FragmentsModel;
  /** Draws the next frames (after a change the model's own updates do not announce). */
  wake: () => void;
};

export function toCamera(world: Scene['world']): ModelCamera {
  const cam = world.camera.three;
  const dir = new THREE.Vector3();
  cam.getWorldDirection(dir);
  const fov = cam instanceof THREE.PerspectiveCamera ? cam.fov : 60;
  return {
    position: cam.position.toArray() as [number, number, number],
    direction: dir.toArray() as [number, number, number],
    up: cam.up.toArray() as [number, number, number],
    fieldOfView: fov,
  };
}
