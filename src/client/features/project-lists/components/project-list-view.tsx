import { Alert, Anchor, Box, Card, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ProjectListItem, ProjectListKind } from '../../../../shared/schemas/project-list';
import { DataTable } from '../../../components/data-table';
import { ListPager } from '../../../components/list-pager';
import { ListToolbar } from '../../../components/list-toolbar';
import { StateBadge } from '../../../components/state-badge';
import { TenantLogo } from '../../../components/tenant-logo';
import { apiErrorText } from '../../../lib/notify';
import { useFormatters } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { useSwipePaging } from '../../../lib/use-swipe-paging';
import { useProjectList } from '../api/get-project-list';
import { ProjectGrid } from './project-grid';

export const detailsPath = (item: ProjectListItem) => `/home/app/project/details/${item.projectUnitID}`;

/** A project list (current or closed): table or grid, page in `?page=`, view and page size remembered. */
export function ProjectListView({ kind, actions }: { kind: ProjectListKind; actions?: ReactNode }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const navigate = useNavigate();
  const paging = usePagedList({ storageKey: 'projectlist' });
  const { page, pageSize, setPage } = paging;
  const list = useProjectList({ kind, page, pageSize });
  const total = list.data?.count;
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  // Swipe left for the next page, right for the previous one (touch screens, spec §2).
  const swipe = useSwipePaging(
    () => page < pages && setPage(page + 1),
    () => page > 1 && setPage(page - 1),
  );
  const open = (item: ProjectListItem) => navigate(detailsPath(item));

  const columns = useMemo<ColumnDef<ProjectListItem, unknown>[]>(
    () => [
      {
        id: 'logo',
        header: t('LISTS.Columns.Logo'),
        cell: ({ row }) => (
          <TenantLogo
            key={`${row.original.tenantID}_${row.original.salesOrgID}`}
            tenantID={row.original.tenantID}
            salesOrgID={row.original.salesOrgID}
            alt={t('LISTS.LogoAlt')}
            width={72}
            height={32}
          />
        ),
      },
      {
        id: 'project',
        header: t('LISTS.Columns.Project'),
        cell: ({ row }) => (
          <Anchor
            component={Link}
            to={detailsPath(row.original)}
            c="inherit"
            underline="hover"
            onClick={(e) => e.stopPropagation()}
          >
            <Text span ff="monospace" c="dimmed" mr="xs">
              {row.original.projectUnitNo}
            </Text>
            <Text span fw={500}>
              {row.original.title}
            </Text>
          </Anchor>
        ),
      },
      {
        id: 'state',
        header: t('LISTS.Columns.State'),
        cell: ({ row }) => <StateBadge stateKey={row.original.stateKey} />,
      },
      { id: 'since', header: t('LISTS.Columns.Since'), cell: ({ row }) => fmt.date(row.original.stateSince) },
    ],
    [t, fmt],
  );

  const empty = (
    <Text c="dimmed" ta="center" data-testid="project-list-empty">
      {kind === 'current' ? t('LISTS.EmptyCurrent') : t('LISTS.EmptyClosed')}
    </Text>
  );

  return (
    <Stack gap="md">
      <ListToolbar
        title={kind === 'current' ? t('LISTS.CurrentTitle') : t('LISTS.ClosedTitle')}
        paging={paging}
        withViewToggle
        actions={actions}
      />
      {list.isError && (
        <Alert color="red" title={t('ERRORMESSAGES.Title')}>
          {apiErrorText(list.error)}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md" {...swipe}>
        {paging.view === 'table' ? (
          <DataTable
            data={list.data?.data}
            columns={columns}
            total={total}
            paging={paging}
            loading={list.isLoading}
            empty={empty}
            onRowClick={open}
            getRowId={(r) => String(r.projectUnitID)}
          />
        ) : (
          <Stack gap="md">
            <ProjectGrid data={list.data?.data} loading={list.isLoading} pageSize={pageSize} />
            {list.data?.data.length === 0 && <Box py="lg">{empty}</Box>}
            <ListPager paging={paging} total={total} />
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
