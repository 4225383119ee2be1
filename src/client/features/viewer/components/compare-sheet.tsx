import { Badge, Box, Center } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Region } from './compare-steps';

/** Margin around a change's box, as a fraction of the page. */
const BOX_MARGIN = 0.008;

/** The changes' boxes over a sheet; the active one framed in full, a click picks one. */
export function CompareRegions(props: {
  regions: Region[];
  active: number | null;
  label: (n: number) => string;
  onPick: (index: number) => void;
}) {
  return (
    <svg
      viewBox="0 0 1000 1000"
      preserveAspectRatio="none"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
    >
      {props.regions.map((r, i) => (
        <rect
          key={i}
          data-region={i}
          data-active={props.active === i ? 'true' : undefined}
          role="button"
          aria-label={props.label(i + 1)}
          // Drawn with a margin, so the frame does not cover the change it marks.
          x={(r.x1 - BOX_MARGIN) * 1000}
          y={(r.y1 - BOX_MARGIN) * 1000}
          width={(r.x2 - r.x1 + 2 * BOX_MARGIN) * 1000}
          height={(r.y2 - r.y1 + 2 * BOX_MARGIN) * 1000}
          fill={props.active === i ? 'rgba(245, 159, 0, 0.08)' : 'transparent'}
          stroke={props.active === i ? '#f59f00' : '#e8590c'}
          strokeWidth={props.active === i ? 2.5 : 1.5}
          strokeDasharray={props.active === i ? undefined : '6 4'}
          vectorEffect="non-scaling-stroke"
          style={{ cursor: 'pointer' }}
          onClick={() => props.onPick(i)}
        />
      ))}
    </svg>
  );
}

/** One version's sheet side by side: its page, or a note that the version has no such page. */
export function CompareSheet(props: {
  canvas: HTMLCanvasElement | null;
  size: { width: number; height: number };
  label: string;
  missing: string;
  children?: React.ReactNode;
}) {
  return (
    <Box
      pos="relative"
      w={props.size.width}
      h={props.size.height}
      bg="white"
      style={{ flexShrink: 0, margin: '0 auto' }}
    >
      {props.canvas ? (
        <CanvasCopy source={props.canvas} />
      ) : (
        <Center h="100%" bg="gray.0">
          <Badge color="orange" variant="light" data-testid="page-missing">
            {props.missing}
          </Badge>
        </Center>
      )}
      {props.children}
      <Badge pos="absolute" top={6} left={6} variant="default" size="sm">
        {props.label}
      </Badge>
    </Box>
  );
}

/** Shows an offscreen canvas (drawn once) in the page. */
function CanvasCopy({ source }: { source: HTMLCanvasElement }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    c.width = source.width;
    c.height = source.height;
    c.getContext('2d')!.drawImage(source, 0, 0);
    c.dataset.rendered = 'true';
  }, [source]);
  return <canvas ref={ref} style={{ display: 'block' }} />;
}
