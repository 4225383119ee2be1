import { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';
import {
  sectionPlane,
  type Section,
  type ToolsFragments,
  type ToolsModel,
  type ToolsWorld,
} from '../components/model-measure';

/**
 * A section plane along an axis of the model: on the renderer, it clips the fragments' materials.
 * `box` is the model's bounding box the section's place is measured in; `plane`, the plane shown.
 */
export function useSectionPlane(world: ToolsWorld, model: ToolsModel, fragments: ToolsFragments) {
  const [section, setSection] = useState<Section | null>(null);
  const box = useRef(new THREE.Box3());
  const plane = useRef(new THREE.Plane());

  useEffect(() => {
    box.current = model.box.clone();
  }, [model]);

  useEffect(() => {
    const renderer = world.renderer!;
    const p = plane.current;
    if (!section) {
      renderer.setPlane(false, p);
    } else {
      p.copy(sectionPlane(section, box.current));
      renderer.setPlane(true, p);
    }
    void fragments.core.update(true);
  }, [world, fragments, section]);
  useEffect(() => {
    const renderer = world.renderer;
    const p = plane.current;
    return () => renderer?.setPlane(false, p);
  }, [world]);

  return { section, setSection, box, plane };
}
