import { Alert, Anchor, Box, Button, Checkbox, Grid, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { DeliveryLot } from '../../../../shared/schemas/delivery';
import { CalendarFeedCard } from '../../../components/calendar-feed-card';
import { confirmAction } from '../../../components/confirm';
import { ListToolbar } from '../../../components/list-toolbar';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifyError, notifySuccess } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { useDeliveryLots } from '../api/get-delivery-lots';
import { useModelTree } from '../api/get-model-tree';
import { useOverviewInfo } from '../api/get-overview-info';
import { useConfirmLot, useDeleteLot } from '../api/mutate-lots';
import { LotDialog } from '../components/lot-dialog';
import { LotsTable } from '../components/lots-table';
import { ModelPanel } from '../components/model-panel';

const pageSizes = [10, 20, 50, 100];

/** Today in the browser's time zone (YYYY-MM-DD): "past" is what the planner's calendar says. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The delivery overview (spec §2): the lots on the left, the model of the selected lot on the right. */
export function DeliveryOverviewPage() {
  const { rootUnitId } = useParams();
  const rootId = Number(rootUnitId);
  const { t } = useTranslation();
  const fmt = useFormatters();
  const info = useOverviewInfo(rootId);
  const paging = usePagedList({ pageSizes, defaultPageSize: 20 });
  const [hidePast, setHidePast] = useState(true);
  const lots = useDeliveryLots(rootId, paging.page, paging.pageSize, hidePast ? today() : null);
  const rootTree = useModelTree(rootId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<DeliveryLot | 'new' | null>(null);
  const confirm = useConfirmLot(rootId);
  const remove = useDeleteLot(rootId);
  const rows = lots.data?.data;
  const selected = rows?.find((l) => l.deliveryLotID === selectedId) ?? rows?.[0] ?? null;

  useEffect(() => {
    if (lots.data?.count !== undefined) paging.clamp(lots.data.count);
  }, [lots.data?.count, paging]);

  const onConfirm = useCallback(
    async (lot: DeliveryLot) => {
      const ok = await confirmAction({
        title: t('DELIVERY.Lots.ConfirmTitle'),
        message: t('DELIVERY.Lots.ConfirmMessage', {
          title: lot.title,
          date: fmt.date(lot.confirmedDate ?? lot.requestedDate),
        }),
        confirmLabel: t('DELIVERY.Lots.Confirm'),
        warning: true,
      });
      if (!ok) return;
      try {
        await confirm.mutateAsync(lot.deliveryLotID);
        notifySuccess(t('DELIVERY.Lots.Confirmed', { title: lot.title }));
      } catch (err) {
        notifyError(err);
      }
    },
    [confirm, t, fmt],
  );
  const onDelete = useCallback(
    async (lot: DeliveryLot) => {
      const ok = await confirmAction({
        title: t('DELIVERY.Lots.DeleteTitle'),
        message: t('DELIVERY.Lots.DeleteMessage', { title: lot.title }),
        confirmLabel: t('COMMON.Delete'),
        danger: true,
      });
      if (!ok) return;
      try {
        await remove.mutateAsync(lot.deliveryLotID);
        notifySuccess(t('DELIVERY.Lots.Deleted', { title: lot.title }));
      } catch (err) {
        notifyError(err);
      }
    },
    [remove, t],
  );

  const title = info.data
    ? `${t('DELIVERY.Overview.Title')} – ${info.data.projectUnitNo} ${info.data.title}`
    : t('DELIVERY.Overview.Title');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/home/app/project/details/${rootUnitId}`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('DELIVERY.Overview.Back')}
        </Group>
      </Anchor>
      {info.isError ? (
        <Alert color="red" title={t('ERRORMESSAGES.Title')}>
          {apiErrorText(info.error)}
        </Alert>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xl: 7 }}>
            <Stack gap="sm">
              <ListToolbar
                title={title}
                paging={paging}
                actions={
                  info.data?.canManage && (
                    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                      {t('DELIVERY.Lots.New')}
                    </Button>
                  )
                }
              />
              <Checkbox
                label={t('DELIVERY.Overview.HidePast')}
                checked={hidePast}
                onChange={(e) => {
                  setHidePast(e.currentTarget.checked);
                  paging.setPage(1);
                }}
              />
              {lots.isError && <Alert color="red">{apiErrorText(lots.error)}</Alert>}
              <LotsTable
                page={lots.data}
                loading={lots.isLoading}
                paging={paging}
                selectedId={selected?.deliveryLotID ?? null}
                onSelect={(lot) => setSelectedId(lot.deliveryLotID)}
                canManage={info.data?.canManage ?? false}
                canConfirm={info.data?.canConfirm ?? false}
                confirmingId={confirm.isPending ? (confirm.variables ?? null) : null}
                onConfirm={(lot) => void onConfirm(lot)}
                onEdit={setEditing}
                onDelete={(lot) => void onDelete(lot)}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 5 }}>
            <ModelPanel
              rootId={rootId}
              lot={selected}
              lots={rows ?? []}
              approvalLots={info.data?.approvalLots ?? []}
              model={info.data?.model}
            />
            <Box mt="md">
              <CalendarFeedCard />
            </Box>
          </Grid.Col>
        </Grid>
      )}
      {editing !== null && info.data && (
        <LotDialog
          rootId={rootId}
          info={info.data}
          tree={rootTree.data}
          lot={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
