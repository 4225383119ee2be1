import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { daysBetween, type ShiftChoice } from '../../../../shared/rules/delivery-dates';
import { useFormatters } from '../../../lib/format';

export type DateChange = { key: string; label: string; from: string; to: string };

/**
 * The delivery date change dialog (spec §2): Yes moves all later dates of the project by the same
 * number of days, No changes only this one, Cancel reverts. Closing it counts as Cancel; a click
 * beside it does nothing, so a stray click never decides.
 */
export function DeliveryDateChangeDialog({
  change,
  onAnswer,
}: {
  change: DateChange | null;
  onAnswer: (choice: ShiftChoice) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const days = change ? daysBetween(change.from, change.to) : 0;
  return (
    <Modal
      opened={change !== null}
      onClose={() => onAnswer('cancel')}
      closeOnClickOutside={false}
      title={t('DELIVERY.DateChange.Title')}
      size={350}
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      {change && (
        <Stack data-testid="date-change-dialog">
          <Text size="sm">
            {t('DELIVERY.DateChange.Moved', {
              label: change.label,
              from: fmt.date(change.from),
              to: fmt.date(change.to),
              count: Math.abs(days),
              context: days < 0 ? 'earlier' : 'later',
            })}
          </Text>
          <Text size="sm">{t('DELIVERY.DateChange.Question')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => onAnswer('cancel')}>
              {t('COMMON.Cancel')}
            </Button>
            <Button variant="light" onClick={() => onAnswer('no')}>
              {t('DELIVERY.DateChange.No')}
            </Button>
            <Button onClick={() => onAnswer('yes')} data-autofocus>
              {t('DELIVERY.DateChange.Yes')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
