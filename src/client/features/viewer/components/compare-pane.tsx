import { Badge, Box, Center, Group, Loader } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef } from 'react';
import { useComparedPages, useSheetScrolling } from '../hooks/use-compared-pages';
import { composeOverlay } from './compare-canvas';
import { CompareRegions, CompareSheet } from './compare-sheet';
import type { CompareMode, Region } from './compare-steps';

type Props = {
  mode: CompareMode;
  older: PDFDocumentProxy;
  newer: PDFDocumentProxy;
  page: number;
  scale: number;
  opacity: number;
  offset: { dx: number; dy: number };
  regions: Region[];
  active: number | null;
  onPick: (index: number) => void;
  labels: {
    older: string;
    newer: string;
    missingOlder: string;
    missingNewer: string;
    sheet: string;
    region: (n: number) => string;
  };
};

/** The sheet(s) of one page: the overlay, or both versions side by side scrolling and zooming together. */
export function ComparePane(props: Props) {
  const { mode, older, newer, page, scale, opacity, offset, labels } = props;
  const pages = useComparedPages(older, newer, page, scale);
  const { olderScroller, newerScroller, sync } = useSheetScrolling(props.active, pages !== null, mode);
  const overlay = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (mode !== 'overlay' || !pages || !overlay.current) return;
    composeOverlay(
      overlay.current,
      pages.older,
      pages.newer,
      { dx: offset.dx * scale, dy: offset.dy * scale },
      opacity,
    );
    overlay.current.dataset.rendered = 'true';
  }, [mode, pages, offset.dx, offset.dy, scale, opacity]);

  if (!pages) {
    return (
      <Center h="100%">
        <Loader size="sm" />
      </Center>
    );
  }
  const base = pages.newer ?? pages.older;
  const size = { width: base?.width ?? 0, height: base?.height ?? 0 };
  const boxes = (
    <CompareRegions regions={props.regions} active={props.active} label={labels.region} onPick={props.onPick} />
  );

  if (mode === 'overlay') {
    return (
      <Box
        ref={newerScroller}
        bg="gray.2"
        p="md"
        tabIndex={0}
        role="region"
        aria-label={labels.sheet}
        data-testid="compare-scroller"
        style={{ flex: 1, overflow: 'auto', minHeight: 0 }}
      >
        <Box pos="relative" w={size.width} h={size.height} style={{ margin: '0 auto' }}>
          <canvas ref={overlay} data-testid="compare-overlay" style={{ display: 'block' }} />
          {!pages.older && (
            <Badge pos="absolute" top={6} left={6} color="orange" data-testid="page-missing">
              {labels.missingOlder}
            </Badge>
          )}
          {!pages.newer && (
            <Badge pos="absolute" top={6} left={6} color="orange" data-testid="page-missing">
              {labels.missingNewer}
            </Badge>
          )}
          {boxes}
        </Box>
      </Box>
    );
  }
  return (
    <Group align="stretch" gap={4} wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
      {([0, 1] as const).map((side) => (
        <Box
          key={side}
          ref={side === 0 ? olderScroller : newerScroller}
          bg="gray.2"
          p="md"
          tabIndex={0}
          role="region"
          aria-label={side === 0 ? labels.older : labels.newer}
          data-testid={side === 0 ? 'compare-older' : 'compare-newer'}
          style={{ flex: 1, overflow: 'auto', minWidth: 0 }}
          onScroll={() => sync(side)}
        >
          {side === 0 ? (
            <CompareSheet canvas={pages.older} size={size} label={labels.older} missing={labels.missingOlder} />
          ) : (
            <CompareSheet canvas={pages.newer} size={size} label={labels.newer} missing={labels.missingNewer}>
              {boxes}
            </CompareSheet>
          )}
        </Box>
      ))}
    </Group>
  );
}
