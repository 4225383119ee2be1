import { Box, Text } from '@mantine/core';
import { useEffect, type RefObject } from 'react';
import type { ModelMarkup } from '../../../components/model-viewer-slot';
import { useFormatters } from '../../../lib/format';
import { useMeasureClicks } from '../hooks/use-measure-clicks';
import { useMeasureDrawing } from '../hooks/use-measure-drawing';
import { useMeasureLines } from '../hooks/use-measure-lines';
import { useSectionPlane } from '../hooks/use-section-plane';
import {
  clippingPlaneOf,
  formatMetres,
  lineLength,
  MEASURE_COLOUR,
  sectionOf,
  type ToolsFragments,
  type ToolsModel,
  type ToolsWorld,
} from './model-measure';
import { ModelToolsBar } from './model-tools-bar';

/** Shared between the viewer and its tools: whether a tool takes the clicks, and the markup to keep or show. */
export type ModelToolsBridge = {
  /** A tool takes clicks on the model (element selection pauses). */
  active: boolean;
  get: () => ModelMarkup;
  show: (markup: ModelMarkup) => void;
};

/** The measured distances over the canvas, placed by the drawing hook (one label per line, in order). */
function MeasureLabels({ ref, distances }: { ref: RefObject<HTMLDivElement | null>; distances: string[] }) {
  return (
    <Box ref={ref} pos="absolute" inset={0} style={{ pointerEvents: 'none', overflow: 'hidden' }} aria-hidden>
      {distances.map((d, i) => (
        <Text
          key={i}
          size="xs"
          fw={700}
          px={4}
          bg="white"
          c={MEASURE_COLOUR}
          pos="absolute"
          left={0}
          top={0}
          style={{ borderRadius: 4, whiteSpace: 'nowrap' }}
        >
          {d}
        </Text>
      ))}
    </Box>
  );
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
  world: ToolsWorld;
  model: ToolsModel;
  fragments: ToolsFragments;
  /** Called with the current state whenever it changes. */
  onBridge: (bridge: ModelToolsBridge) => void;
}) {
  const { locale } = useFormatters();
  const { measuring, lines, pending, addPoint, toggleMeasuring, clear, show } = useMeasureLines();
  const { section, setSection, box, plane } = useSectionPlane(world, model, fragments);
  const labels = useMeasureDrawing(world, fragments, box, lines, pending);
  useMeasureClicks(world, model, measuring, section, plane, addPoint);

  // What a topic keeps, and showing a topic's lines and plane.
  useEffect(() => {
    onBridge({
      active: measuring,
      get: () => ({
        lines: lines.length > 0 ? lines : undefined,
        clippingPlanes: section ? [clippingPlaneOf(plane.current)] : undefined,
      }),
      show: (markup) => {
        show(markup.lines ?? []);
        const c = markup.clippingPlanes?.[0];
        setSection(c ? sectionOf(c, box.current) : null);
      },
    });
  }, [onBridge, measuring, lines, section, plane, show, setSection, box]);

  const distances = lines.map((l) => formatMetres(lineLength(l), locale));
  return (
    <>
      <MeasureLabels ref={labels} distances={distances} />
      <ModelToolsBar
        measuring={measuring}
        onToggleMeasuring={toggleMeasuring}
        lastDistance={distances.at(-1) ?? null}
        onClear={clear}
        section={section}
        onSectionChange={setSection}
      />
    </>
  );
}
