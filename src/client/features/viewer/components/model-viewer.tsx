import { Alert, Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as THREE from 'three';
import type { ModelViewerHandle, ModelViewerProps } from '../../../components/model-viewer-slot';
import { cameraFromIfc, cameraToIfc, geometryFromIfc, geometryToIfc } from '../../../../shared/rules/model-coordinates';
import { useFragmentsWorld } from '../hooks/use-fragments-world';
import { useModelSelection } from '../hooks/use-model-selection';
import { ModelFilters, ModelProperties } from './model-panels';
import { toCamera, type Scene } from './model-scene';
import { ModelTools, type ModelToolsBridge } from './model-tools';

export type { Scene } from './model-scene';

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
  // Storeys and classes beside the model on wide screens; behind a button where the model needs the room.
  const [panelOpen, setPanelOpen] = useState(() => window.matchMedia('(min-width: 1600px)').matches);
  // Measuring and section (set by the tools once they are shown).
  const bridge = useRef<ModelToolsBridge>({ active: false, get: () => ({}), show: () => undefined });
  const setBridge = useCallback((b: ModelToolsBridge) => {
    bridge.current = b;
  }, []);
  const selection = useRef<string[]>([]);
  const setSelection = useCallback((globalIds: string[]) => {
    selection.current = globalIds;
  }, []);

  const onLoaded = (s: Scene, coordination: number[]) => {
    const { world } = s;
    onReady?.({
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
  };
  const { container, scene, error, storeys, categories, toggleStorey, toggleCategory } = useFragmentsWorld(
    modelUrl,
    showPanels,
    onLoaded,
  );
  const selected = useModelSelection(
    scene,
    { highlightGlobalIds, ghostOthers, colouredGlobalIds, removedFrom, frameGlobalIds, onSelectElement },
    bridge,
    setSelection,
  );

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
      <ModelFilters
        open={panelOpen}
        onOpenChange={setPanelOpen}
        storeys={storeys}
        categories={categories}
        onToggleStorey={(i) => void toggleStorey(i)}
        onToggleCategory={(i) => void toggleCategory(i)}
      />
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        {canvas}
        <ModelProperties selected={selected} />
      </Stack>
    </Group>
  );
}
