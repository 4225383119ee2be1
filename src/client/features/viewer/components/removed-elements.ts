import { RenderedFaces, type FragmentsModel } from '@thatopen/fragments';
import { useEffect, useState } from 'react';
import * as THREE from 'three';
import type { ModelViewerProps } from '../../../components/model-viewer-slot';
import type { Scene } from './model-viewer';

/** A model's bytes in the fragments format; a refusal's message key as the error. */
export async function fetchModel(url: string): Promise<Uint8Array> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { messages?: { message: string }[] } | null;
    throw new Error(body?.messages?.[0]?.message ?? 'VIEWER.Model.Unreadable');
  }
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * Elements of another version (what the shown one removed), drawn where they were in their colour
 * (solid: the fragments' translucent highlight does not draw a second model's elements). Returns
 * that model once they are shown, so they can be framed like the shown model's elements.
 */
export function useRemovedElements(scene: Scene | null, removedFrom: ModelViewerProps['removedFrom']) {
  const removedKey = removedFrom && removedFrom.globalIds.length > 0 ? JSON.stringify(removedFrom) : '';
  const [removedModel, setRemovedModel] = useState<FragmentsModel | null>(null);
  useEffect(() => {
    if (!scene || !removedKey) return;
    const { world, fragments, wake } = scene;
    const { modelUrl, globalIds, color } = JSON.parse(removedKey) as NonNullable<typeof removedFrom>;
    let disposed = false;
    let other: FragmentsModel | null = null;
    void (async () => {
      const bytes = await fetchModel(modelUrl);
      if (disposed) return;
      other = await fragments.core.load(bytes, { modelId: `removed-${Date.now()}`, camera: world.camera.three });
      if (disposed) return void fragments.core.disposeModel(other.modelId);
      const ids = (await other.getLocalIdsByGuids(globalIds)).filter((id): id is number => id !== null);
      const keep = new Set(ids);
      const rest = (await other.getItemsIdsWithGeometry()).filter((id) => !keep.has(id));
      await other.setVisible(rest, false);
      await other.highlight(ids, {
        color: new THREE.Color(color),
        renderedFaces: RenderedFaces.TWO,
        opacity: 1,
        transparent: false,
      });
      world.scene.three.add(other.object);
      other.onViewUpdated.add(wake);
      await fragments.core.update(true);
      wake();
      if (!disposed) setRemovedModel(other);
    })().catch((err: unknown) => console.error('model viewer: removed elements', err));
    return () => {
      disposed = true;
      setRemovedModel(null);
      if (other) {
        world.scene.three.remove(other.object);
        void fragments.core.disposeModel(other.modelId).then(wake);
      }
    };
  }, [scene, removedKey]);
  return removedModel;
}
