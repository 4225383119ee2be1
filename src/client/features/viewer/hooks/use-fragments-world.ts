import * as OBC from '@thatopen/components';
import { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';
// The fragments worker, self-hosted (minified build); the browser never parses IFC itself.
import workerUrl from '/node_modules/@thatopen/fragments/dist/Worker/worker.min.mjs?url';
import { categoriesOf, storeysOf, toggled, type Group3 } from '../components/model-data';
import type { Scene } from '../components/model-scene';
import { fetchModel } from '../components/removed-elements';

/**
 * The @thatopen/components world of one model in the fragments format: built once per model URL
 * in `container`, disposed with it. `onLoaded` gets the scene and the model's coordination matrix
 * once the model is shown; with `withGroups`, its storeys and categories are read then too.
 */
export function useFragmentsWorld(
  modelUrl: string,
  withGroups: boolean,
  onLoaded: (scene: Scene, coordination: number[]) => void,
) {
  const container = useRef<HTMLDivElement>(null);
  const [scene, setScene] = useState<Scene | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [storeys, setStoreys] = useState<Group3[]>([]);
  const [categories, setCategories] = useState<Group3[]>([]);
  const loaded = useRef(onLoaded);
  useEffect(() => {
    loaded.current = onLoaded;
  });

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let disposed = false;
    const components = new OBC.Components();
    const world = components.get(OBC.Worlds).create<OBC.SimpleScene, OBC.SimpleCamera, OBC.SimpleRenderer>();
    world.scene = new OBC.SimpleScene(components);
    world.scene.setup();
    world.scene.three.background = new THREE.Color('#f1f3f5');
    world.renderer = new OBC.SimpleRenderer(components, el);
    world.camera = new OBC.SimpleCamera(components);
    // Drawn only while something changes, not 60 times a second at rest (laptops, phones): after a
    // camera move, a resize or a view update of the model (tiles, highlights, a section plane, the
    // measuring lines), frames follow for a second, which covers the camera's damping.
    const renderer = world.renderer;
    renderer.mode = OBC.RendererMode.MANUAL;
    let drawUntil = 0;
    const wake = () => {
      drawUntil = performance.now() + 1000;
    };
    world.onBeforeUpdate.add(() => {
      if (performance.now() < drawUntil) renderer.needsUpdate = true;
    });
    renderer.onResize.add(wake);
    wake();
    components.init();
    const fragments = components.get(OBC.FragmentsManager);
    fragments.init(workerUrl);
    world.camera.controls.addEventListener('update', () => {
      wake();
      void fragments.core.update();
    });

    (async () => {
      const bytes = await fetchModel(modelUrl);
      if (disposed) return;
      const model = await fragments.core.load(bytes, { modelId: `m${Date.now()}`, camera: world.camera.three });
      if (disposed) return;
      world.scene.three.add(model.object);
      model.onViewUpdated.add(wake);
      await fragments.core.update(true);
      await world.camera.fitToItems();
      // Viewpoints leave and enter in the model's IFC coordinates (Z up): the handle converts with this.
      const coordination = (await model.getCoordinationMatrix()).elements;
      if (disposed) return;
      const s: Scene = { components, world, fragments, model, wake };
      setScene(s);
      el.dataset.modelReady = 'true';
      loaded.current(s, coordination);
      if (withGroups) {
        setStoreys(await storeysOf(model));
        setCategories(await categoriesOf(model));
      }
    })().catch((err: unknown) => {
      console.error('model viewer', err);
      if (!disposed)
        setError(err instanceof Error && err.message.includes('.') ? err.message : 'VIEWER.Model.Unreadable');
    });

    return () => {
      disposed = true;
      setScene(null);
      components.dispose();
    };
  }, [modelUrl, withGroups]);

  /** Shows or hides a storey or a category. */
  const toggle = (groups: 'storeys' | 'categories') => async (index: number) => {
    const [list, set] = groups === 'storeys' ? [storeys, setStoreys] : [categories, setCategories];
    const g = list[index];
    if (!scene || !g) return;
    await scene.model.setVisible(g.ids, !g.visible);
    await scene.fragments.core.update(true);
    set(toggled(list, index));
  };
  return {
    container,
    scene,
    error,
    storeys,
    categories,
    toggleStorey: toggle('storeys'),
    toggleCategory: toggle('categories'),
  };
}
