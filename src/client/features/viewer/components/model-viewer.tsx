import {
  ActionIcon,
  Alert,
  Box,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import * as OBC from '@thatopen/components';
import { RenderedFaces, type FragmentsModel } from '@thatopen/fragments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as THREE from 'three';
// The fragments worker, self-hosted (minified build); the browser never parses IFC itself.
import workerUrl from '/node_modules/@thatopen/fragments/dist/Worker/worker.min.mjs?url';
import type {
  ModelCamera,
  ModelViewerHandle,
  ModelViewerProps,
  SelectedModelElement,
} from '../../../components/model-viewer-slot';
import { cameraFromIfc, cameraToIfc, geometryFromIfc, geometryToIfc } from '../../../../shared/rules/model-coordinates';
import { attr, categoriesOf, flattenProperties, storeysOf, type Group3 } from './model-data';
import { ModelTools, type ModelToolsBridge } from './model-tools';
import { fetchModel, useRemovedElements } from './removed-elements';

const HIGHLIGHT = new THREE.Color('#e8590c');
/** A clicked element: blue, so the highlighted ones stay recognisable. */
const PICKED = new THREE.Color('#1971c2');
const GHOST_OPACITY = 0.12;

export type Scene = {
  components: OBC.Components;
  world: OBC.SimpleWorld<OBC.SimpleScene, OBC.SimpleCamera, OBC.SimpleRenderer>;
  fragments: OBC.FragmentsManager;
  model: FragmentsModel;
  /** Draws the next frames (after a change the model's own updates do not announce). */
  wake: () => void;
};

function toCamera(world: Scene['world']): ModelCamera {
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

/**
 * The 3D viewer: @thatopen/components world with orbit/pan/zoom, one model in the fragments
 * format, highlight by GlobalId, click to select (name, type, GlobalId, properties), storey and
 * category visibility. Lazy: only pages that show a model load it.
 */
export function ModelViewer({
  modelUrl,
  highlightGlobalIds,
  ghostOthers = false,
  colouredGlobalIds,
  removedFrom,
  frameGlobalIds,
  onSelectElement,
  showPanels = true,
  onReady,
  height = '100%',
  tools = false,
}: ModelViewerProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [scene, setScene] = useState<Scene | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [storeys, setStoreys] = useState<Group3[]>([]);
  // Storeys and classes beside the model on wide screens; behind a button where the model needs the room.
  const [panelOpen, setPanelOpen] = useState(() => window.matchMedia('(min-width: 1600px)').matches);
  const [categories, setCategories] = useState<Group3[]>([]);
  const [selected, setSelected] = useState<SelectedModelElement | null>(null);
  const selection = useRef<string[]>([]);
  /** Local ids of the highlighted elements (kept when an element is clicked). */
  const highlighted = useRef<number[]>([]);
  const callbacks = useRef({ onSelectElement, onReady });
  // Measuring and section (set by the tools once they are shown).
  const bridge = useRef<ModelToolsBridge>({ active: false, get: () => ({}), show: () => undefined });
  const setBridge = useCallback((b: ModelToolsBridge) => {
    bridge.current = b;
  }, []);
  useEffect(() => {
    callbacks.current = { onSelectElement, onReady };
  });

  // World and model: built once per model URL, disposed with it.
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
      // Viewpoints leave and enter in the model's IFC coordinates (Z up), converted here only.
      const coordination = (await model.getCoordinationMatrix()).elements;
      if (disposed) return;
      const s: Scene = { components, world, fragments, model, wake };
      setScene(s);
      el.dataset.modelReady = 'true';
      callbacks.current.onReady?.({
        getCamera: () => cameraToIfc(toCamera(world), coordination),
        setCamera: (camera) => {
          const c = cameraFromIfc(camera, coordination);
          const target = new THREE.Vector3(...c.position).add(new THREE.Vector3(...c.direction).multiplyScalar(10));
          void world.camera.controls.setLookAt(...c.position, target.x, target.y, target.z, true);
        },
        getSelection: () => selection.current,
        getMarkup: () => geometryToIfc(bridge.current.get(), coordination),
        showMarkup: (markup) => bridge.current.show(geometryFromIfc(markup, coordination)),
      } satisfies ModelViewerHandle);
      if (showPanels) {
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
  }, [modelUrl, showPanels]);

  // Highlights (by GlobalId), others ghosted when asked; coloured groups (a comparison) beneath them.
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
        await model.highlight(ids, {
          color: new THREE.Color(group.color),
          renderedFaces: RenderedFaces.TWO,
          opacity: 1,
          transparent: false,
        });
      }
      const guids = highlightKey ? highlightKey.split(',') : [];
      highlighted.current = [];
      if (guids.length > 0) {
        const ids = (await model.getLocalIdsByGuids(guids)).filter((id): id is number => id !== null);
        highlighted.current = ids;
        selection.current = guids;
        if (ghostOthers) {
          await model.setOpacity(undefined, GHOST_OPACITY);
          await model.resetOpacity(ids);
        }
        await model.highlight(ids, {
          color: HIGHLIGHT,
          renderedFaces: RenderedFaces.TWO,
          opacity: 1,
          transparent: false,
        });
      }
      await fragments.core.update(true);
    })();
  }, [scene, highlightKey, ghostOthers, colourKey]);

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
      if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 4 || bridge.current.active) return;
      const hit = await model.raycast({
        camera: world.camera.three,
        mouse: new THREE.Vector2(e.clientX, e.clientY),
        dom,
      });
      await model.resetHighlight();
      if (highlighted.current.length > 0) {
        await model.highlight(highlighted.current, {
          color: HIGHLIGHT,
          renderedFaces: RenderedFaces.TWO,
          opacity: 1,
          transparent: false,
        });
      }
      if (!hit) {
        selection.current = [];
        setSelected(null);
        callbacks.current.onSelectElement?.(null);
        await fragments.core.update(true);
        return;
      }
      await model.highlight([hit.localId], {
        color: PICKED,
        renderedFaces: RenderedFaces.TWO,
        opacity: 1,
        transparent: false,
      });
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
      selection.current = element.globalId ? [element.globalId] : [];
      setSelected(element);
      callbacks.current.onSelectElement?.(element);
    };
    dom.addEventListener('pointerdown', onDown);
    dom.addEventListener('pointerup', onUp);
    return () => {
      dom.removeEventListener('pointerdown', onDown);
      dom.removeEventListener('pointerup', onUp);
    };
  }, [scene]);

  const toggle = async (list: Group3[], set: (g: Group3[]) => void, index: number) => {
    const g = list[index];
    if (!scene || !g) return;
    await scene.model.setVisible(g.ids, !g.visible);
    await scene.fragments.core.update(true);
    set(list.map((x, i) => (i === index ? { ...x, visible: !x.visible } : x)));
  };

  const canvas = (
    <Box
      ref={container}
      pos="relative"
      h={height}
      mih={320}
      style={{ flex: 1, overflow: 'hidden' }}
      data-testid="model-canvas"
    >
      {!scene && !error && (
        <Center pos="absolute" inset={0}>
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('VIEWER.Model.Loading')}</Text>
          </Group>
        </Center>
      )}
      {scene && tools && (
        <ModelTools world={scene.world} model={scene.model} fragments={scene.fragments} onBridge={setBridge} />
      )}
      {error && (
        <Center pos="absolute" inset={0} p="md">
          <Alert color="red" title={t('VIEWER.Model.Unreadable')}>
            {t(error)}
          </Alert>
        </Center>
      )}
    </Box>
  );
  if (!showPanels) return canvas;

  return (
    <Group align="stretch" gap="sm" h={height} wrap="nowrap">
      {!panelOpen && (
        <Paper withBorder p={4} style={{ flexShrink: 0 }}>
          <Tooltip label={t('VIEWER.Model.ShowFilters')} position="right">
            <ActionIcon
              variant="subtle"
              aria-label={t('VIEWER.Model.ShowFilters')}
              aria-expanded={false}
              aria-controls="model-filters"
              onClick={() => setPanelOpen(true)}
            >
              <IconLayoutSidebarLeftExpand size={18} />
            </ActionIcon>
          </Tooltip>
        </Paper>
      )}
      <Paper
        withBorder
        w={200}
        p="xs"
        id="model-filters"
        style={{ flexShrink: 0, display: panelOpen ? undefined : 'none' }}
      >
        <ScrollArea h="100%">
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Title order={3} size="sm">
              {t('VIEWER.Model.Storeys')}
            </Title>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('VIEWER.Model.HideFilters')}
              aria-expanded
              aria-controls="model-filters"
              onClick={() => setPanelOpen(false)}
            >
              <IconLayoutSidebarLeftCollapse size={16} />
            </ActionIcon>
          </Group>
          <Stack gap={4} mb="sm">
            {storeys.map((g, i) => (
              <Checkbox
                key={g.label + i}
                size="xs"
                label={g.label}
                checked={g.visible}
                onChange={() => void toggle(storeys, setStoreys, i)}
              />
            ))}
          </Stack>
          <Title order={3} size="sm" mb={4}>
            {t('VIEWER.Model.Categories')}
          </Title>
          <Stack gap={4}>
            {categories.map((g, i) => (
              <Checkbox
                key={g.label}
                size="xs"
                label={`${g.label} (${g.ids.length})`}
                checked={g.visible}
                onChange={() => void toggle(categories, setCategories, i)}
              />
            ))}
          </Stack>
        </ScrollArea>
      </Paper>
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        {canvas}
        <Paper withBorder p="xs" mah={220} style={{ overflow: 'auto' }} data-testid="model-properties">
          {selected ? (
            <Table fz="xs" verticalSpacing={2}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={140}>{t('VIEWER.Model.Name')}</Table.Th>
                  <Table.Td>{selected.name ?? '–'}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('VIEWER.Model.Type')}</Table.Th>
                  <Table.Td>{selected.type ?? '–'}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('VIEWER.Model.GlobalId')}</Table.Th>
                  <Table.Td ff="monospace">{selected.globalId ?? '–'}</Table.Td>
                </Table.Tr>
                {selected.properties
                  .filter((p) => p.group !== 'IFC')
                  .map((p, i) => (
                    <Table.Tr key={i}>
                      <Table.Th>
                        {p.group ? `${p.group} · ` : ''}
                        {p.name}
                      </Table.Th>
                      <Table.Td>{p.value}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t('VIEWER.Model.NoSelection')}
            </Text>
          )}
        </Paper>
      </Stack>
    </Group>
  );
}
