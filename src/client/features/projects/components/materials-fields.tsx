import { ActionIcon, Alert, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  availableVolume,
  exceedsVolumeLimit,
  MAX_VOLUME,
  remainingSubprojectVolume,
  totalVolume,
} from '../../../../shared/rules/project-units';
import type { ApprovalLotContext } from '../../../../shared/schemas/projects';
import { useFormatters } from '../../../lib/format';
import { useErrorText } from './form-errors';
import type { UnitForm } from './unit-form';
import { DateInput } from '../../../components/date-input';

export type MaterialRow = { type: string; volume: number | string; deliveryDate: string };

const volumeOf = (row: MaterialRow) => ({ volume: typeof row.volume === 'number' ? row.volume : 0 });

/** The subproject's total (sibling lots plus these rows) is above 350 m³: Add and Save stay disabled. */
export function isOverLimit(lot: ApprovalLotContext, rows: MaterialRow[]): boolean {
  return exceedsVolumeLimit([...lot.siblingMaterials, ...rows.map(volumeOf)]);
}

/** Materials of an approval lot: type, volume (0 to the available volume) and delivery date. */
export function MaterialsFields({ form, lot }: { form: UnitForm; lot: ApprovalLotContext }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const errorText = useErrorText();
  const rows = form.values.materials;
  const used = new Set(rows.map((r) => r.type));
  const free = lot.materialTypes.filter((m) => !used.has(m));
  const firstFree = free[0];
  const total = totalVolume([...lot.siblingMaterials, ...rows.map(volumeOf)]);
  const remaining = remainingSubprojectVolume(lot.siblingMaterials, rows.map(volumeOf));

  return (
    <Stack gap="xs" data-testid="materials">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('PROJECT.Materials.Title')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('PROJECT.Materials.EarliestDate', { date: fmt.date(lot.earliestDeliveryDate) })}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="xs" c={remaining < 0 ? 'red' : 'dimmed'} data-testid="subproject-remaining">
          {t('PROJECT.Materials.SubprojectRemaining', {
            remaining: fmt.number(Math.max(0, remaining)),
            max: fmt.number(MAX_VOLUME),
          })}
        </Text>
      </Group>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('PROJECT.Materials.None')}
        </Text>
      )}
      {rows.map((row, index) => {
        const others = rows.filter((_, i) => i !== index).map(volumeOf);
        const max = availableVolume(row.type, lot.siblingMaterials, others);
        return (
          <Group key={index} align="flex-start" gap="xs" wrap="nowrap" data-testid={`material-${index}`}>
            <Select
              label={t('PROJECT.Materials.Type')}
              data={[row.type, ...free]
                .filter(Boolean)
                .map((m) => ({ value: m, label: t(`PROJECT.Materials.Types.${m}`, { defaultValue: m }) }))}
              allowDeselect={false}
              w={150}
              {...form.getInputProps(`materials.${index}.type`)}
              error={errorText(form.errors[`materials.${index}.type`])}
            />
            <NumberInput
              label={t('PROJECT.Materials.Volume')}
              description={row.type ? t('PROJECT.Materials.Available', { max: fmt.number(max) }) : undefined}
              min={0}
              max={max}
              clampBehavior="none"
              decimalScale={2}
              step={1}
              suffix=" m³"
              w={150}
              {...form.getInputProps(`materials.${index}.volume`)}
              error={errorText(form.errors[`materials.${index}.volume`])}
            />
            <DateInput
              label={t('PROJECT.Materials.DeliveryDate')}
              min={lot.earliestDeliveryDate}
              w={170}
              {...form.getInputProps(`materials.${index}.deliveryDate`)}
              error={errorText(form.errors[`materials.${index}.deliveryDate`])}
            />
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              aria-label={t('PROJECT.Materials.Remove')}
              onClick={() => form.removeListItem('materials', index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {total > MAX_VOLUME && (
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          title={t('PROJECT.Materials.LimitReachedTitle')}
        >
          {t('PROJECT.Materials.LimitReached', { max: MAX_VOLUME, total: fmt.number(total) })}
        </Alert>
      )}
      {firstFree !== undefined && (
        <Button
          variant="default"
          size="xs"
          disabled={total >= MAX_VOLUME}
          leftSection={<IconPlus size={14} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            form.insertListItem('materials', {
              type: firstFree,
              volume: '',
              deliveryDate: lot.earliestDeliveryDate,
            })
          }
        >
          {t('PROJECT.Materials.Add')}
        </Button>
      )}
    </Stack>
  );
}
