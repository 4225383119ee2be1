import { ActionIcon } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadFilesSlotProps } from '../../../components/project-files-slot';
import { DownloadFilesDialog } from './download-files-dialog';

/** The current unit's "download selected files" action. */
export function DownloadFilesAction({ rootUnitId }: DownloadFilesSlotProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label={t('FILES.DownloadSelected')}>
        <ActionIcon variant="light" size="lg" aria-label={t('FILES.DownloadSelected')} onClick={() => setOpened(true)}>
          <IconFileDownload size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {opened && <DownloadFilesDialog rootUnitId={rootUnitId} opened onClose={() => setOpened(false)} />}
    </>
  );
}
