import {
  Alert,
  Anchor,
  Box,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLayoutGrid, IconTable } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ProjectListItem, ProjectListKind } from '../../../../shared/schemas/project-list';
import { DataTable } from '../../../components/data-table';
import { StateBadge } from '../../../components/state-badge';
import { TenantLogo } from '../../../components/tenant-logo';
import { apiErrorText } from '../../../lib/notify';
import { useFormatters } from '../../../lib/format';
import { listPageSizes, useListPreferences, type ListView } from '../../../lib/list-preferences';
import { useProjectList } from '../api/get-project-list';
import { ProjectGrid } from './project-grid';

const detailsPath = (item: ProjectListItem) => `/home/app/project/details/${item.projectUnitID}`;

/** A project list (current or closed): table or grid, page in `?page=`, view and page size remembered. */
export function ProjectListView({ kind, actions }: { kind: ProjectListKind; actions?: ReactNode }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { view, setView, pageSize, setPageSize } = useListPreferences(`projectlist`);
  const requested = Number(searchParams.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const list = useProjectList({ kind, page, pageSize });
  const total = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const setPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next <= 1) params.delete('page');
    else params.set('page', String(next));
    setSearchParams(params);
  };
  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
  };
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

  const title = kind === 'current' ? t('LISTS.CurrentTitle') : t('LISTS.ClosedTitle');
  const empty = (
    <Text c="dimmed" ta="center" data-testid="project-list-empty">
      {kind === 'current' ? t('LISTS.EmptyCurrent') : t('LISTS.EmptyClosed')}
    </Text>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="sm">
          {actions}
          <SegmentedControl
            aria-label={t('LISTS.View.Label')}
            value={view}
            onChange={(v) => setView(v as ListView)}
            data={[
              {
                value: 'table',
                label: <ViewLabel icon={<IconTable size={16} aria-hidden />} text={t('LISTS.View.Table')} />,
              },
              {
                value: 'grid',
                label: <ViewLabel icon={<IconLayoutGrid size={16} aria-hidden />} text={t('LISTS.View.Grid')} />,
              },
            ]}
          />
          <Select
            aria-label={t('COMMON.PageSize')}
            data={listPageSizes.map((s) => ({ value: String(s), label: String(s) }))}
            value={String(pageSize)}
            onChange={(v) => v && changePageSize(Number(v))}
            w={80}
            allowDeselect={false}
          />
        </Group>
      </Group>
      {list.isError && (
        <Alert color="red" title={t('ERRORMESSAGES.Title')}>
          {apiErrorText(list.error)}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        {view === 'table' ? (
          <DataTable
            data={list.data?.data}
            columns={columns}
            total={total}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            loading={list.isLoading}
            empty={empty}
            onRowClick={open}
            getRowId={(r) => String(r.projectUnitID)}
          />
        ) : (
          <Stack gap="md">
            <ProjectGrid data={list.data?.data} loading={list.isLoading} pageSize={pageSize} onOpen={open} />
            {list.data?.data.length === 0 && <Box py="lg">{empty}</Box>}
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('COMMON.Total', { count: total })}
              </Text>
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                withEdges
                getControlProps={(c) => ({ 'aria-label': t(`COMMON.Pager.${c}`) })}
              />
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

function ViewLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <span>{text}</span>
    </Group>
  );
}
