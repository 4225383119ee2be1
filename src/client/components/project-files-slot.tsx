import { Skeleton } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';

export type ProjectFilesSlotProps = { rootUnitId: number; unitId: number; unitState: string; forReview: boolean };
export type DownloadFilesSlotProps = { rootUnitId: number };

let card: ComponentType<ProjectFilesSlotProps> | null = null;
let action: ComponentType<DownloadFilesSlotProps> | null = null;

/**
 * The files feature's card and "download selected files" action for the project details page;
 * components/ cannot import a feature, so the app registers the (lazy) parts here.
 */
export function provideProjectFiles(parts: {
  card: ComponentType<ProjectFilesSlotProps>;
  action: ComponentType<DownloadFilesSlotProps>;
}): void {
  card = parts.card;
  action = parts.action;
}

export function ProjectFilesSlot(props: ProjectFilesSlotProps) {
  if (!card) return null;
  const Card = card;
  return (
    <Suspense fallback={<Skeleton h={160} radius="md" />}>
      <Card {...props} />
    </Suspense>
  );
}

export function DownloadFilesSlot(props: DownloadFilesSlotProps) {
  if (!action) return null;
  const Action = action;
  return (
    <Suspense fallback={null}>
      <Action {...props} />
    </Suspense>
  );
}
