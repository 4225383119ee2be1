import { Box, Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useRef } from 'react';
import { useNearView, usePageCanvas } from '../hooks/use-page-canvas';

/**
 * A page thumbnail, drawn when it scrolls into the strip. Its box has the page's proportions from
 * the start, so drawing it never moves the thumbnails below (a click aimed at one stays on it).
 */
export function Thumbnail({
  doc,
  pageNo,
  size,
  active,
  onClick,
}: {
  doc: PDFDocumentProxy;
  pageNo: number;
  size: { w: number; h: number };
  active: boolean;
  onClick: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const near = useNearView(button, '200px');
  const canvas = usePageCanvas(doc, pageNo, 120 / size.w, near, false);
  return (
    <Box
      component="button"
      ref={button}
      type="button"
      onClick={onClick}
      p={4}
      mb={6}
      bg="white"
      aria-label={String(pageNo)}
      aria-current={active ? 'page' : undefined}
      style={{
        border: `2px solid ${active ? 'var(--mantine-color-blue-6)' : 'transparent'}`,
        cursor: 'pointer',
        display: 'block',
        width: 132,
      }}
    >
      <canvas ref={canvas} style={{ width: 120, aspectRatio: `${size.w} / ${size.h}`, display: 'block' }} />
      <Text size="xs" ta="center">
        {pageNo}
      </Text>
    </Box>
  );
}
