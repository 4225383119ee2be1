import { Alert, Card, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STORAGE_WARNING_SHARE, storageShare } from '../../../../shared/schemas/storage-usage';
import { useFormatters } from '../../../lib/format';
import { formatSize } from '../../../lib/format-size';
import { apiErrorText } from '../../../lib/notify';
import { useStorageUsage } from '../api/get-storage-usage';

/** The tenant's storage against its quota (file policy page), with a warning from 80 % on. */
export function StorageUsageCard() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const usage = useStorageUsage();

  if (usage.isPending) return <Skeleton h={120} maw={900} radius="md" />;
  if (usage.isError)
    return (
      <Alert color="red" role="alert" maw={900}>
        {apiErrorText(usage.error)}
      </Alert>
    );
  const u = usage.data;
  const usedBytes = u.storedBytes + u.pendingBytes;
  const usedFiles = u.storedFiles + u.pendingUploads;
  const share = storageShare(u);
  const percent = (value: number, of: number) => Math.min(100, of > 0 ? (value / of) * 100 : 0);
  const color = share >= 1 ? 'red' : share >= STORAGE_WARNING_SHARE ? 'orange' : 'teal';

  return (
    <Card withBorder radius="md" maw={900} data-testid="storage-usage">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('ADMIN.FilePolicy.Usage.Title')}
        </Title>
        {share >= STORAGE_WARNING_SHARE && (
          <Alert
            color={share >= 1 ? 'red' : 'orange'}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid="storage-usage-warning"
          >
            {share >= 1
              ? t('ADMIN.FilePolicy.Usage.Full')
              : t('ADMIN.FilePolicy.Usage.Warning', { percent: fmt.number(Math.floor(share * 100)) })}
          </Alert>
        )}
        <Text size="sm">
          {t('ADMIN.FilePolicy.Usage.Bytes', {
            used: formatSize(usedBytes, fmt.locale),
            quota: formatSize(u.quotaBytes, fmt.locale),
          })}
        </Text>
        <Progress
          value={percent(usedBytes, u.quotaBytes)}
          color={color}
          aria-label={t('ADMIN.FilePolicy.Usage.BytesLabel')}
        />
        <Text size="sm">
          {t('ADMIN.FilePolicy.Usage.Files', { used: fmt.number(usedFiles), quota: fmt.number(u.quotaFiles) })}
        </Text>
        <Progress
          value={percent(usedFiles, u.quotaFiles)}
          color={color}
          aria-label={t('ADMIN.FilePolicy.Usage.FilesLabel')}
        />
        {u.pendingUploads > 0 && (
          <Text size="sm" c="dimmed">
            {t('ADMIN.FilePolicy.Usage.Pending', {
              bytes: formatSize(u.pendingBytes, fmt.locale),
              count: fmt.number(u.pendingUploads),
            })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('ADMIN.FilePolicy.Usage.Hint')}
        </Text>
      </Stack>
    </Card>
  );
}
