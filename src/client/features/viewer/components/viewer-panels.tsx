import { Group, Paper, ScrollArea, Text } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectFile } from '../../../../shared/schemas/files';
import { BcfActions } from './bcf-actions';
import { ReviewFileList } from './review-file-list';
import { TopicsPanel } from './topics-panel';

/** The files panel: the unit's reviewable files, or a note that there are none. */
export function ViewerFiles({ files, ...list }: ComponentProps<typeof ReviewFileList> & { files: ProjectFile[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" className="viewer-files">
      <Text fw={600} size="sm" mb="xs">
        {t('VIEWER.Files')}
      </Text>
      <ScrollArea className="viewer-files-list">
        {files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('VIEWER.NoFiles')}
          </Text>
        ) : (
          <ReviewFileList files={files} {...list} />
        )}
      </ScrollArea>
    </Paper>
  );
}

/** The topics panel: the open topics' count, BCF export and import, the drawing hint and the topics. */
export function ViewerTopics({
  openCount,
  drawHint,
  ...panel
}: ComponentProps<typeof TopicsPanel> & { openCount: number; drawHint: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" className="viewer-topics" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={600} size="sm">
          {t('VIEWER.Topics.Title')} ({openCount})
        </Text>
        <BcfActions rootId={panel.rootId} unitId={panel.unitId} canWrite={panel.canWrite} />
      </Group>
      {drawHint && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('VIEWER.Topics.DrawHint')}
        </Text>
      )}
      <ScrollArea style={{ flex: 1 }}>
        <TopicsPanel {...panel} />
      </ScrollArea>
    </Paper>
  );
}
