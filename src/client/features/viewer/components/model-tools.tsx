import { ActionIcon, Box, Group, Paper, SegmentedControl, Slider, Text } from '@mantine/core';
import { IconArrowsVertical, IconRuler, IconSlice, IconTrash } from '@tabler/icons-react';
import type * as OBC from '@thatopen/components';
import type { FragmentsModel } from '@thatopen/fragments';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as THREE from 'three';
import type { ModelMarkup } from '../../../components/model-viewer-slot';
import { Tooltip } from '../../../components/tooltip';
import { useFormatters } from '../../../lib/format';

type Vec3 = [number, number, number];
type World = OBC.SimpleWorld<OBC.SimpleScene, OBC.SimpleCamera, OBC.SimpleRenderer>;
type Axis = 'x' | 'y' | 'z';
type Section = { axis: Axis; at: number; flipped: boolean };

/** Shared between the viewer and its tools: whether a tool takes the clicks, and the markup to keep or show. */
export type ModelToolsBridge = {
  /** A tool takes clicks on the model (element selection pauses). */
  active: boolean;
  get: () => ModelMarkup;
  show: (markup: ModelMarkup) => void;
};

const COLOUR = '#1864ab';
const MAX_LINES = 20;
const axisVector = (axis: Axis) => new THREE.Vector3(axis === 'x' ? 1 : 0, axis === 'y' ? 1 : 0, axis === 'z' ? 1 : 0);

/** The distance in metres for people, in the locale's format. */
export function formatMetres(metres: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'meter',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(metres);
}

/**
 * Plane of a section: what lies beyond `at` along the axis is cut away (flipped: what lies before it).
 * A three.js clipping plane keeps the points where normal · p + constant ≥ 0.
 */
export function sectionPlane(section: Section, box: THREE.Box3): THREE.Plane {
  const min = box.min[section.axis];
  const max = box.max[section.axis];
  const value = min + (max - min) * section.at;
  const normal = axisVector(section.axis).multiplyScalar(section.flipped ? 1 : -1);
  return new THREE.Plane(normal, section.flipped ? -value : value);
}

/**
 * Measuring and a section plane on the model: click two points for a distance (in metres, as the
 * model's coordinates are), a plane along an axis moved with a slider. Lines and planes go into a
 * topic's viewpoint (BCF Lines and ClippingPlanes; a plane's direction points to the part cut away).
 */
export function ModelTools({
  world,
  model,
  fragments,
  onBridge,
}: {
  world: World;
  model: FragmentsModel;
  fragments: OBC.FragmentsManager;
  /** Called with the current state whenever it changes. */
  onBridge: (bridge: ModelToolsBridge) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useFormatters();
  const [measuring, setMeasuring] = useState(false);
  const [lines, setLines] = useState<{ start: Vec3; end: Vec3 }[]>([]);
  const [pending, setPending] = useState<Vec3 | null>(null);
  const firstPoint = useRef<Vec3 | null>(null);
  const setFirst = (p: Vec3 | null) => {
    firstPoint.current = p;
    setPending(p);
  };
  const [section, setSection] = useState<Section | null>(null);
  const labels = useRef<HTMLDivElement>(null);
  const box = useRef(new THREE.Box3());
  const group = useRef(new THREE.Group());
  const plane = useRef(new THREE.Plane());

  useEffect(() => {
    box.current = model.box.clone();
    const g = group.current;
    world.scene.three.add(g);
    return () => {
      world.scene.three.remove(g);
    };
  }, [world, model]);

  // What a topic keeps, and showing a topic's lines and plane.
  useEffect(() => {
    onBridge({
      active: measuring,
      get: () => {
        const p = plane.current;
        return {
          lines: lines.length > 0 ? lines : undefined,
          clippingPlanes: section
            ? [
                {
                  location: p.coplanarPoint(new THREE.Vector3()).toArray() as Vec3,
                  direction: p.normal.clone().negate().toArray() as Vec3,
                },
              ]
            : undefined,
        };
      },
      show: (markup) => {
        setLines((markup.lines ?? []).slice(0, MAX_LINES));
        firstPoint.current = null;
        setPending(null);
        const c = markup.clippingPlanes?.[0];
        if (!c) {
          setSection(null);
          return;
        }
        // The plane's axis is its largest direction component; its place, the location along that axis.
        const d = new THREE.Vector3(c.direction[0], c.direction[1], c.direction[2]);
        const axis: Axis = (['x', 'y', 'z'] as const).reduce((x, y) => (Math.abs(d[y]) > Math.abs(d[x]) ? y : x));
        const min = box.current.min[axis];
        const size = box.current.max[axis] - min || 1;
        const along = new THREE.Vector3(c.location[0], c.location[1], c.location[2])[axis];
        setSection({ axis, at: Math.min(1, Math.max(0, (along - min) / size)), flipped: d[axis] < 0 });
      },
    });
  }, [onBridge, measuring, lines, section]);

  // The section plane on the renderer (clips the fragments' materials).
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

  // Lines, their end points and the pending first point in the scene; labels over the canvas.
  useEffect(() => {
    const g = group.current;
    g.clear();
    const size = box.current.getSize(new THREE.Vector3()).length() || 10;
    const material = new THREE.LineBasicMaterial({ color: COLOUR, depthTest: false });
    const dotMaterial = new THREE.MeshBasicMaterial({ color: COLOUR, depthTest: false });
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

    const place = () => {
      const el = labels.current;
      const dom = world.renderer!.three.domElement;
      if (!el) return;
      const rect = { w: dom.clientWidth, h: dom.clientHeight };
      [...el.children].forEach((child, i) => {
        const l = lines[i];
        if (!l) return;
        const mid = new THREE.Vector3(...l.start).add(new THREE.Vector3(...l.end)).multiplyScalar(0.5);
        const p = mid.project(world.camera.three);
        const node = child as HTMLElement;
        node.style.display = p.z > 1 ? 'none' : '';
        node.style.transform = `translate(${((p.x + 1) / 2) * rect.w}px, ${((1 - p.y) / 2) * rect.h}px) translate(-50%, -120%)`;
      });
    };
    place();
    const controls = world.camera.controls;
    controls.addEventListener('update', place);
    // The canvas changes size with the layout (a phone turned, panels opened), not only with the window.
    const resized = new ResizeObserver(place);
    resized.observe(world.renderer!.three.domElement);
    return () => {
      controls.removeEventListener('update', place);
      resized.disconnect();
      dot.dispose();
      material.dispose();
      dotMaterial.dispose();
      g.children.forEach((c) => (c instanceof THREE.Line ? c.geometry.dispose() : undefined));
    };
  }, [world, fragments, lines, pending]);

  // Clicks on the model while measuring: the first point, then the second (a drag still orbits).
  useEffect(() => {
    if (!measuring) return;
    const dom = world.renderer!.three.domElement;
    let down: { x: number; y: number } | null = null;
    const onDown = (e: PointerEvent) => {
      down = { x: e.clientX, y: e.clientY };
    };
    const onUp = async (e: PointerEvent) => {
      if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 4) return;
      const hit = await model.raycast({
        camera: world.camera.three,
        mouse: new THREE.Vector2(e.clientX, e.clientY),
        dom,
      });
      // A point the section cuts away is not on the shown model.
      if (!hit || (section && plane.current.distanceToPoint(hit.point) < 0)) return;
      const p = hit.point.toArray() as Vec3;
      const first = firstPoint.current;
      setFirst(first ? null : p);
      if (first) setLines((list) => [...list, { start: first, end: p }].slice(-MAX_LINES));
    };
    dom.addEventListener('pointerdown', onDown);
    dom.addEventListener('pointerup', onUp);
    return () => {
      dom.removeEventListener('pointerdown', onDown);
      dom.removeEventListener('pointerup', onUp);
    };
  }, [world, model, measuring, section]);

  const last = lines.at(-1);
  const distance = (l: { start: Vec3; end: Vec3 }) =>
    formatMetres(new THREE.Vector3(...l.start).distanceTo(new THREE.Vector3(...l.end)), locale);

  return (
    <>
      <Box ref={labels} pos="absolute" inset={0} style={{ pointerEvents: 'none', overflow: 'hidden' }} aria-hidden>
        {lines.map((l, i) => (
          <Text
            key={i}
            size="xs"
            fw={700}
            px={4}
            bg="white"
            c={COLOUR}
            pos="absolute"
            left={0}
            top={0}
            style={{ borderRadius: 4, whiteSpace: 'nowrap' }}
          >
            {distance(l)}
          </Text>
        ))}
      </Box>
      <Paper
        withBorder
        p={4}
        pos="absolute"
        top={8}
        left={8}
        maw="calc(100% - 16px)"
        style={{ zIndex: 1 }}
        data-testid="model-tools"
      >
        <Group gap={6} wrap="wrap">
          <Tooltip label={t('VIEWER.Model3d.Measure')}>
            <ActionIcon
              variant={measuring ? 'filled' : 'default'}
              aria-label={t('VIEWER.Model3d.Measure')}
              aria-pressed={measuring}
              onClick={() => {
                setMeasuring(!measuring);
                setFirst(null);
              }}
            >
              <IconRuler size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('VIEWER.Model3d.Section')}>
            <ActionIcon
              variant={section ? 'filled' : 'default'}
              aria-label={t('VIEWER.Model3d.Section')}
              aria-pressed={section !== null}
              onClick={() => setSection(section ? null : { axis: 'y', at: 0.5, flipped: false })}
            >
              <IconSlice size={16} />
            </ActionIcon>
          </Tooltip>
          {lines.length > 0 && (
            <Tooltip label={t('VIEWER.Model3d.ClearMeasure')}>
              <ActionIcon
                variant="default"
                aria-label={t('VIEWER.Model3d.ClearMeasure')}
                onClick={() => {
                  setLines([]);
                  setFirst(null);
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {measuring && !last && (
            <Text size="xs" c="dimmed">
              {t('VIEWER.Model3d.MeasureHint')}
            </Text>
          )}
          {last && (
            <Text size="sm" fw={600} c={COLOUR} data-testid="model-measure-result">
              {t('VIEWER.Model3d.Distance', { length: distance(last) })}
            </Text>
          )}
        </Group>
        {section && (
          <Group gap={6} mt={4} wrap="nowrap">
            <SegmentedControl
              size="xs"
              aria-label={t('VIEWER.Model3d.SectionAxis')}
              value={section.axis}
              onChange={(axis) => setSection({ ...section, axis: axis as Axis })}
              data={['x', 'y', 'z'].map((a) => ({ value: a, label: a.toUpperCase() }))}
            />
            <Slider
              w={140}
              size="sm"
              min={0}
              max={1}
              step={0.01}
              label={null}
              value={section.at}
              onChange={(at) => setSection({ ...section, at })}
              thumbLabel={t('VIEWER.Model3d.SectionPosition')}
              data-testid="model-section-slider"
            />
            <Tooltip label={t('VIEWER.Model3d.SectionFlip')}>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={t('VIEWER.Model3d.SectionFlip')}
                aria-pressed={section.flipped}
                onClick={() => setSection({ ...section, flipped: !section.flipped })}
              >
                <IconArrowsVertical size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Paper>
    </>
  );
}
