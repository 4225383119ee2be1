import { Box, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** The narrowest a card may be (spec §9); narrower only on screens smaller than that. */
  minCardWidth: number;
  /** Nothing loaded yet: skeleton cards in place of the children. */
  loading: boolean;
  /** How many skeleton cards (the page size, at most 6) and how high. */
  skeletons: number;
  skeletonHeight: number;
  testId?: string;
  children: ReactNode;
};

/** The grid view of a list: as many columns of cards as fit, skeleton cards while the first page loads. */
export function CardGrid({ minCardWidth, loading, skeletons, skeletonHeight, testId, children }: Props) {
  const style = {
    display: 'grid',
    gap: 'var(--mantine-spacing-md)',
    gridTemplateColumns: `repeat(auto-fill, minmax(min(${minCardWidth}px, 100%), 1fr))`,
  };
  if (loading) {
    return (
      <Box style={style}>
        {Array.from({ length: Math.min(skeletons, 6) }, (_, i) => (
          <Skeleton key={i} h={skeletonHeight} radius="md" />
        ))}
      </Box>
    );
  }
  return (
    <Box style={style} data-testid={testId}>
      {children}
    </Box>
  );
}
