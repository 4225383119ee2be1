import { Button, FileButton, Group } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { bcfExportUrl, useImportBcf } from '../api/bcf';

/** Export of the unit's topics as BCF 3.0; import of a `.bcfzip` for those who may write topics. */
export function BcfActions({ rootId, unitId, canWrite }: { rootId: number; unitId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const importBcf = useImportBcf(rootId, unitId);
  return (
    <Group gap={4}>
      <Button
        component="a"
        href={bcfExportUrl(rootId, unitId)}
        download
        size="compact-xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
      >
        {t('VIEWER.Bcf.Export')}
      </Button>
      {canWrite && (
        <FileButton
          accept=".bcfzip,.bcf,application/zip"
          onChange={(file) =>
            file &&
            importBcf.mutate(file, {
              onSuccess: (result) => notifySuccess(t('VIEWER.Bcf.Imported', result)),
              onError: (e) => notifyError(e, t('VIEWER.Bcf.ImportFailed')),
            })
          }
        >
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="default"
              loading={importBcf.isPending}
              leftSection={<IconUpload size={14} />}
              data-testid="bcf-import"
            >
              {t('VIEWER.Bcf.Import')}
            </Button>
          )}
        </FileButton>
      )}
    </Group>
  );
}
