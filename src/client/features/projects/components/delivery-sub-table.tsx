import { Alert, Badge, Group, NumberInput, Stack, Table, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_VOLUME } from '../../../../shared/rules/project-units';
import type { DeliveryData } from '../../../../shared/schemas/delivery';
import { DateInput } from '../../../components/date-input';
import { Tooltip } from '../../../components/tooltip';
import { useFormatters } from '../../../lib/format';
import type { DeliveryRow } from './delivery-rows';
import { useErrorText } from './form-errors';
import type { useDeliveryDates } from './use-delivery-dates';

type Props = {
  sub: DeliveryData['subProjects'][number];
  data: DeliveryData;
  /** The subproject's rows with their place in the form's rows (the errors' paths). */
  rows: { row: DeliveryRow; index: number }[];
  sum: { total: number; limitReached: boolean };
  errors: Record<string, ReactNode>;
  labelOf: (row: DeliveryRow) => string;
  onVolume: (index: number, volume: number | string) => void;
  dateField: ReturnType<typeof useDeliveryDates>['fieldOf'];
};

/** One subproject of the delivery data dialog: its total against 350 m³, and per material the volume and date. */
export function DeliverySubTable({ sub, data, rows, sum, errors, labelOf, onVolume, dateField }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const errorText = useErrorText();
  return (
    <Stack gap="xs" data-testid={`delivery-sub-${sub.subProjectID}`}>
      <Group justify="space-between">
        <Title order={4}>{sub.subProjectTitle}</Title>
        <Badge variant="light" tt="none" color={sum.limitReached ? 'red' : 'gray'}>
          {t('DELIVERY.Data.Total', { total: fmt.number(sum.total), max: fmt.number(MAX_VOLUME) })}
        </Badge>
      </Group>
      {sum.limitReached && (
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          title={t('PROJECT.Materials.LimitReachedTitle')}
        >
          {t('PROJECT.Materials.LimitReached', { max: MAX_VOLUME, total: fmt.number(sum.total) })}
        </Alert>
      )}
      <Table verticalSpacing={4} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('UNIT.Type.approvallot')}</Table.Th>
            <Table.Th>{t('PROJECT.Materials.Type')}</Table.Th>
            <Table.Th w={170}>{t('PROJECT.Materials.Volume')}</Table.Th>
            <Table.Th w={200}>
              <Group gap={4} wrap="nowrap">
                {t('PROJECT.Materials.DeliveryDate')}
                <Tooltip
                  multiline
                  w={260}
                  label={t('DELIVERY.Data.MinimumInfo', {
                    days: data.preliminaryDays,
                    date: fmt.date(data.earliestDeliveryDate),
                  })}
                >
                  <IconInfoCircle size={16} aria-label={t('DELIVERY.Data.MinimumLabel')} tabIndex={0} />
                </Tooltip>
              </Group>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ row, index }) => (
            <Table.Tr key={row.key} data-testid={`delivery-row-${row.key}`}>
              <Table.Td>{row.lotTitle}</Table.Td>
              <Table.Td>{t(`PROJECT.Materials.Types.${row.type}`, { defaultValue: row.type })}</Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`${t('PROJECT.Materials.Volume')} ${labelOf(row)}`}
                  value={row.volume}
                  onChange={(v) => onVolume(index, v)}
                  min={0}
                  decimalScale={2}
                  clampBehavior="none"
                  suffix=" m³"
                  disabled={!data.canEdit}
                  error={errorText(errors[`rows.${index}.volume`])}
                />
              </Table.Td>
              <Table.Td>
                <DateInput
                  aria-label={`${t('PROJECT.Materials.DeliveryDate')} ${labelOf(row)}`}
                  min={row.minimum}
                  {...dateField(row)}
                  disabled={!data.canEdit}
                  error={errorText(errors[`rows.${index}.date`])}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
