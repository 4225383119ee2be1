import { Badge, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileConversion } from '../../../../shared/schemas/review';

/** Outline badges in shade 9: their text keeps a contrast above 4.5:1 on white. */
const colors: Record<FileConversion['status'], string> = {
  queued: 'gray.8',
  converting: 'blue.9',
  ready: 'teal.9',
  failed: 'red.9',
};

/** The 3D-view preparation of an IFC file's newest version: queued, converting, ready, or failed with the reason. */
export function ConversionBadge({ conversion }: { conversion: FileConversion }) {
  const { t } = useTranslation();
  const { status, reason } = conversion;
  return (
    <Group gap={6} my={2} wrap="wrap">
      <Badge
        variant="outline"
        color={colors[status]}
        size="sm"
        tt="none"
        data-testid="conversion-status"
        data-status={status}
        leftSection={status === 'converting' ? <Loader size={10} color="blue.9" aria-hidden /> : undefined}
      >
        {t(`FILES.Conversion.${status}`)}
      </Badge>
      {status === 'failed' && (
        <Text size="xs" c="red.9" data-testid="conversion-reason">
          {t(reason ?? 'VIEWER.Conversion.Failed.Unreadable')}
        </Text>
      )}
    </Group>
  );
}
