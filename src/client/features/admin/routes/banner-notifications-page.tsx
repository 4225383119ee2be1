import { ActionIcon, Alert, Box, Button, Card, Group, Text, VisuallyHidden } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BannerNotification } from '../../../../shared/schemas/admin';
import { confirmAction } from '../../../components/confirm';
import { DataTable } from '../../../components/data-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifyError, notifySuccess } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { useBanners } from '../api/get-banners';
import { useDeleteBanner } from '../api/delete-banner';
import { useSalesOrgs } from '../api/get-sales-orgs';
import { BannerLevelBadge, SalesOrgBadges } from '../components/banner-badges';
import { BannerDialog } from '../components/banner-dialog';

const pageSizes = [10, 20, 50, 100];

/** home/app/admin/banner-notifications (spec §2). */
export function BannerNotificationsPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const paging = usePagedList({ pageSizes, defaultPageSize: 10 });
  const banners = useBanners(paging.page, paging.pageSize);
  const salesOrgs = useSalesOrgs();
  const remove = useDeleteBanner();
  const [dialog, setDialog] = useState<{ item?: BannerNotification } | null>(null);

  const columns = useMemo<ColumnDef<BannerNotification, unknown>[]>(() => {
    const handleDelete = async (b: BannerNotification) => {
      const ok = await confirmAction({
        title: t('ADMIN.Banner.DeleteTitle'),
        message: t('ADMIN.Banner.DeleteMessage', { title: b.title }),
        danger: true,
      });
      if (!ok) return;
      remove.mutate(b.notificationID, {
        onSuccess: () => notifySuccess(t('ADMIN.Banner.Deleted')),
        onError: (e) => notifyError(e),
      });
    };
    return [
      {
        id: 'title',
        header: t('ADMIN.Banner.Title'),
        cell: ({ row }) => (
          <Text fw={500} size="sm">
            {row.original.title}
          </Text>
        ),
      },
      {
        id: 'level',
        header: t('ADMIN.Banner.Level'),
        cell: ({ row }) => <BannerLevelBadge level={row.original.level} />,
      },
      { id: 'showFrom', header: t('ADMIN.Banner.ShowFrom'), cell: ({ row }) => fmt.longDate(row.original.showFrom) },
      { id: 'showUntil', header: t('ADMIN.Banner.ShowUntil'), cell: ({ row }) => fmt.longDate(row.original.showUntil) },
      {
        id: 'salesOrgs',
        header: t('ADMIN.Banner.SalesOrgs'),
        cell: ({ row }) => <SalesOrgBadges ids={row.original.salesOrgs} salesOrgs={salesOrgs.data ?? []} />,
      },
      {
        id: 'actions',
        header: () => <VisuallyHidden>{t('ADMIN.Actions')}</VisuallyHidden>,
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('COMMON.Edit')}>
              <ActionIcon
                variant="subtle"
                onClick={() => setDialog({ item: row.original })}
                aria-label={`${t('COMMON.Edit')}: ${row.original.title}`}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('COMMON.Delete')}>
              <ActionIcon
                variant="subtle"
                color="red.8"
                onClick={() => void handleDelete(row.original)}
                aria-label={`${t('COMMON.Delete')}: ${row.original.title}`}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      },
    ];
  }, [t, fmt, salesOrgs.data, remove]);

  return (
    <Card withBorder radius="md" maw={1300}>
      <Box mb="md">
        <ListToolbar
          title={t('ADMIN.Banner.PageTitle')}
          size="h3"
          paging={paging}
          actions={
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({})}
              disabled={!salesOrgs.data}
            >
              {t('COMMON.Add')}
            </Button>
          }
        />
      </Box>
      <DataTable
        data={banners.data?.data}
        columns={columns}
        total={banners.data?.count}
        paging={paging}
        loading={banners.isFetching}
        getRowId={(b) => String(b.notificationID)}
      />
      {banners.isError && (
        <Alert color="red" role="alert" mt="md">
          {apiErrorText(banners.error)}
        </Alert>
      )}
      {dialog && salesOrgs.data && (
        <BannerDialog item={dialog.item} salesOrgs={salesOrgs.data} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}
