import { useEffect, useRef, useState, type RefObject } from 'react';
import * as THREE from 'three';
import type { ModelViewerProps, SelectedModelElement } from '../../../components/model-viewer-slot';
import { attr, flattenProperties, isClick } from '../components/model-data';
import { GHOST_OPACITY, HIGHLIGHT, highlightStyle, PICKED, type Scene } from '../components/model-scene';
import type { ModelToolsBridge } from '../components/model-tools';
import { useRemovedElements } from '../components/removed-elements';

type Options = Pick<
  ModelViewerProps,
  'highlightGlobalIds' | 'ghostOthers' | 'colouredGlobalIds' | 'removedFrom' | 'frameGlobalIds' | 'onSelectElement'
>;

/**
 * What the model shows as chosen: highlights by GlobalId (others ghosted when asked), coloured
 * groups of a comparison beneath them, the removed elements of a comparison, the elements framed,
 * and the element clicked (not while measuring: then a click is a point).
 */
export function useModelSelection(
  scene: Scene | null,
  { highlightGlobalIds, ghostOthers = false, colouredGlobalIds, removedFrom, frameGlobalIds, onSelectElement }: Options,
  bridge: RefObject<ModelToolsBridge>,
  /** The GlobalIds of what is chosen now (for a topic's view). */
  onSelection: (globalIds: string[]) => void,
) {
  const [selected, setSelected] = useState<SelectedModelElement | null>(null);
  /** Local ids of the highlighted elements (kept when an element is clicked). */
  const highlighted = useRef<number[]>([]);
  const onSelect = useRef(onSelectElement);
  useEffect(() => {
    onSelect.current = onSelectElement;
  });

  const highlightKey = (highlightGlobalIds ?? []).join(',');
  const colourKey = JSON.stringify(colouredGlobalIds ?? []);
  useEffect(() => {
    if (!scene) return;
    const { model, fragments } = scene;
    void (async () => {
      await model.resetHighlight();
      await model.resetOpacity(undefined);
      for (const group of JSON.parse(colourKey) as { color: string; globalIds: string[] }[]) {
        const ids = (await model.getLocalIdsByGuids(group.globalIds)).filter((id): id is number => id !== null);
        if (ids.length === 0) continue;
        await model.highlight(ids, highlightStyle(new THREE.Color(group.color)));
      }
      const guids = highlightKey ? highlightKey.split(',') : [];
      highlighted.current = [];
      if (guids.length > 0) {
        const ids = (await model.getLocalIdsByGuids(guids)).filter((id): id is number => id !== null);
        highlighted.current = ids;
        onSelection(guids);
        if (ghostOthers) {
          await model.setOpacity(undefined, GHOST_OPACITY);
          await model.resetOpacity(ids);
        }
        await model.highlight(ids, highlightStyle(HIGHLIGHT));
      }
      await fragments.core.update(true);
    })();
  }, [scene, highlightKey, ghostOthers, colourKey, onSelection]);

  const removedModel = useRemovedElements(scene, removedFrom);

  // Framing the elements asked for (by GlobalId).
  const frameKey = (frameGlobalIds ?? []).join(',');
  useEffect(() => {
    if (!scene || !frameKey) return;
    const { model, world } = scene;
    void (async () => {
      // In the shown model, or else among the removed elements of the other version.
      for (const m of removedModel ? [model, removedModel] : [model]) {
        const ids = (await m.getLocalIdsByGuids(frameKey.split(','))).filter((id): id is number => id !== null);
        if (ids.length === 0) continue;
        await world.camera.fitToItems({ [m.modelId]: new Set(ids) });
        return;
      }
    })();
  }, [scene, frameKey, removedModel]);

  // Click to select.
  useEffect(() => {
    if (!scene) return;
    const { world, model, fragments } = scene;
    const dom = world.renderer!.three.domElement;
    let down: { x: number; y: number } | null = null;
    const onDown = (e: PointerEvent) => {
      down = { x: e.clientX, y: e.clientY };
    };
    const onUp = async (e: PointerEvent) => {
      // A drag orbits; only a click selects (not while measuring: the click is a point).
      if (!isClick(down, { x: e.clientX, y: e.clientY }) || bridge.current.active) return;
      const hit = await model.raycast({
        camera: world.camera.three,
        mouse: new THREE.Vector2(e.clientX, e.clientY),
        dom,
      });
      await model.resetHighlight();
      if (highlighted.current.length > 0) await model.highlight(highlighted.current, highlightStyle(HIGHLIGHT));
      if (!hit) {
        onSelection([]);
        setSelected(null);
        onSelect.current?.(null);
        await fragments.core.update(true);
        return;
      }
      await model.highlight([hit.localId], highlightStyle(PICKED));
      await fragments.core.update(true);
      const [data] = await model.getItemsData([hit.localId], {
        attributesDefault: true,
        relations: {
          IsDefinedBy: { attributes: true, relations: true },
          DefinesOcurrence: { attributes: false, relations: false },
        },
      });
      const element: SelectedModelElement = {
        globalId: data ? attr(data, '_guid') : null,
        name: data ? attr(data, 'Name') : null,
        type: data ? attr(data, '_category') : null,
        properties: data ? flattenProperties(data) : [],
      };
      onSelection(element.globalId ? [element.globalId] : []);
      setSelected(element);
      onSelect.current?.(element);
    };
    dom.addEventListener('pointerdown', onDown);
    dom.addEventListener('pointerup', onUp);
    return () => {
      dom.removeEventListener('pointerdown', onDown);
      dom.removeEventListener('pointerup', onUp);
    };
  }, [scene, bridge, onSelection]);

  return selected;
}
