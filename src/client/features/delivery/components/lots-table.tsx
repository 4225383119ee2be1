import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconAlertTriangle, IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryTypeKeys, type DeliveryLot, type DeliveryLotPage } from '../../../../shared/schemas/delivery';
import { DataTable } from '../../../components/data-table';
import { useFormatters } from '../../../lib/format';
import type { PagedList } from '../../../lib/use-paged-list';

export const typeColor = { 0: 'teal', 1: 'orange', 2: 'blue' } as const;

type Props = {
  page: DeliveryLotPage | undefined;
  loading: boolean;
  paging: PagedList;
  selectedId: number | null;
  onSelect: (lot: DeliveryLot) => void;
  canManage: boolean;
  canConfirm: boolean;
  confirmingId: number | null;
  onConfirm: (lot: DeliveryLot) => void;
  onEdit: (lot: DeliveryLot) => void;
  onDelete: (lot: DeliveryLot) => void;
};

/** The delivery lots: name, delivery date, approval lots, walls, type and the action (done only for OnCall and Planned). */
export function LotsTable(props: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { canManage, canConfirm, confirmingId, onConfirm, onEdit, onDelete } = props;
  const columns = useMemo<ColumnDef<DeliveryLot, unknown>[]>(
    () => [
      {
        id: 'title',
        header: t('DELIVERY.Lots.Name'),
        cell: ({ row }) => (
          <Text fw={600} size="sm">
            {row.original.title}
          </Text>
        ),
      },
      {
        id: 'deliveryDate',
        header: t('DELIVERY.Lots.DeliveryDate'),
        cell: ({ row }) => {
          const lot = row.original;
          return (
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{fmt.date(lot.deliveryDate)}</Text>
              {lot.dateDiverges && (
                <Tooltip
                  label={t('DELIVERY.Lots.Diverges', {
                    requested: fmt.date(lot.requestedDate),
                    confirmed: fmt.date(lot.confirmedDate),
                  })}
                >
                  <IconAlertTriangle
                    size={16}
                    color="var(--mantine-color-orange-7)"
                    aria-label={t('DELIVERY.Lots.DivergesLabel')}
                    data-testid="date-diverges"
                  />
                </Tooltip>
              )}
            </Group>
          );
        },
      },
      {
        id: 'groups',
        header: t('DELIVERY.Lots.ApprovalLots'),
        cell: ({ row }) => <Text size="sm">{row.original.groups}</Text>,
      },
      {
        id: 'walls',
        header: t('DELIVERY.Lots.Walls'),
        cell: ({ row }) => (
          <Text size="sm" lineClamp={2} title={row.original.wallNos}>
            {row.original.wallNos || '–'}
          </Text>
        ),
      },
      {
        id: 'type',
        header: t('DELIVERY.Lots.Type'),
        cell: ({ row }) => (
          <Badge variant="light" color={typeColor[row.original.deliveryType]} c="dark.7" w="max-content">
            {t(`DELIVERY.Type.${deliveryTypeKeys[row.original.deliveryType]}`)}
          </Badge>
        ),
      },
      {
        id: 'action',
        header: t('DELIVERY.Lots.Action'),
        cell: ({ row }) => {
          const lot = row.original;
          return (
            <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
              {canConfirm && lot.deliveryType !== 0 && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="teal"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  loading={confirmingId === lot.deliveryLotID}
                  onClick={() => onConfirm(lot)}
                >
                  {t('DELIVERY.Lots.Confirm')}
                </Button>
              )}
              {canManage && (
                <>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('DELIVERY.Lots.Edit', { title: lot.title })}
                    onClick={() => onEdit(lot)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('DELIVERY.Lots.Delete', { title: lot.title })}
                    onClick={() => onDelete(lot)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </>
              )}
            </Group>
          );
        },
      },
    ],
    [t, fmt, canManage, canConfirm, confirmingId, onConfirm, onEdit, onDelete],
  );
  return (
    <DataTable
      data={props.page?.data}
      columns={columns}
      total={props.page?.count}
      paging={props.paging}
      loading={props.loading}
      empty={
        <Text c="dimmed" ta="center">
          {t('DELIVERY.Lots.Empty')}
        </Text>
      }
      getRowId={(r) => String(r.deliveryLotID)}
      onRowClick={props.onSelect}
      rowProps={(r) =>
        r.deliveryLotID === props.selectedId
          ? {
              'aria-selected': 'true',
              'data-selected': 'true',
              style: { backgroundColor: 'var(--mantine-primary-color-light)' },
            }
          : { 'aria-selected': 'false' }
      }
      caption={t('DELIVERY.Lots.Title')}
    />
  );
}
