import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Card,
  Collapse,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconFileTypePdf,
  IconHelpCircle,
  IconLayoutGrid,
  IconListCheck,
  IconRefresh,
  IconTable,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Task } from '../../../../shared/schemas/tasks';
import { DataTable } from '../../../components/data-table';
import { listPageSizes, useListPreferences, type ListView } from '../../../lib/list-preferences';
import { manualUrl } from '../../../lib/manual';
import { apiErrorText } from '../../../lib/notify';
import { useTasks } from '../api/get-tasks';
import { TaskGrid } from '../components/task-grid';
import { taskDetailsPath, TaskInfoDialog } from '../components/task-info-dialog';
import { useTaskColumns } from '../components/task-table';
import { useSwipePaging } from '../components/use-swipe-paging';

/** My Tasks (spec §2): the user's open tasks as table or grid, newest first. */
export function TaskListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { view, setView, pageSize, setPageSize } = useListPreferences('tasklist');
  const [info, setInfo] = useState<Task | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const requested = Number(searchParams.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const tasks = useTasks(page, pageSize);
  const total = tasks.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const setPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next <= 1) params.delete('page');
    else params.set('page', String(next));
    setSearchParams(params);
  };
  const swipe = useSwipePaging(
    () => page < pages && setPage(page + 1),
    () => page > 1 && setPage(page - 1),
  );
  const open = (task: Task) => navigate(taskDetailsPath(task));
  const onInfo = useCallback((task: Task) => setInfo(task), []);
  const columns = useTaskColumns(onInfo);

  const empty = (
    <Alert
      variant="light"
      color="blue"
      icon={<IconListCheck aria-hidden />}
      title={t('TASKS.EmptyTitle')}
      data-testid="task-list-empty"
    >
      {t('TASKS.EmptyMessage')}
    </Alert>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('TASKS.Title')}
        </Title>
        <Group gap="sm">
          <Tooltip label={t('COMMON.Refresh')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('COMMON.Refresh')}
              onClick={() => tasks.refetch()}
              loading={tasks.isFetching}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('TASKS.HelpTitle')}>
            <ActionIcon
              variant={helpOpen ? 'filled' : 'default'}
              size="lg"
              aria-label={t('TASKS.HelpTitle')}
              aria-expanded={helpOpen}
              onClick={() => setHelpOpen((o) => !o)}
            >
              <IconHelpCircle size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <SegmentedControl
            aria-label={t('LISTS.View.Label')}
            value={view}
            onChange={(v) => setView(v as ListView)}
            data={[
              {
                value: 'table',
                label: <IconLabel icon={<IconTable size={16} aria-hidden />} text={t('TASKS.ViewTable')} />,
              },
              {
                value: 'grid',
                label: <IconLabel icon={<IconLayoutGrid size={16} aria-hidden />} text={t('TASKS.ViewGrid')} />,
              },
            ]}
          />
          <Select
            aria-label={t('COMMON.PageSize')}
            data={listPageSizes.map((s) => ({ value: String(s), label: String(s) }))}
            value={String(pageSize)}
            onChange={(v) => {
              if (!v) return;
              setPageSize(Number(v));
              setPage(1);
            }}
            w={80}
            allowDeselect={false}
          />
        </Group>
      </Group>
      <Collapse expanded={helpOpen}>
        <Card withBorder radius="md" padding="md" data-testid="task-help">
          <Text fw={600} mb={4}>
            {t('TASKS.HelpTitle')}
          </Text>
          <Text size="sm">{t('TASKS.HelpText')}</Text>
          <Group gap="xs" mt="sm">
            <IconFileTypePdf size={18} aria-hidden />
            <Anchor href={manualUrl(i18n.language)} target="_blank" rel="noopener" size="sm">
              {t('TASKS.Manual')}
            </Anchor>
          </Group>
        </Card>
      </Collapse>
      {tasks.isError && (
        <Alert color="red" title={t('ERRORMESSAGES.Title')}>
          {apiErrorText(tasks.error)}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md" {...swipe}>
        {view === 'table' ? (
          <DataTable
            data={tasks.data?.data}
            columns={columns}
            total={total}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            loading={tasks.isLoading}
            empty={empty}
            onRowClick={open}
            getRowId={(r) => String(r.taskID)}
            caption={t('TASKS.Title')}
          />
        ) : (
          <Stack gap="md">
            <TaskGrid
              data={tasks.data?.data}
              loading={tasks.isLoading}
              pageSize={pageSize}
              onOpen={open}
              onInfo={onInfo}
            />
            {tasks.data?.data.length === 0 && <Box py="lg">{empty}</Box>}
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
      <TaskInfoDialog task={info} onClose={() => setInfo(null)} />
    </Stack>
  );
}

function IconLabel({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" visibleFrom="xs">
        {text}
      </Text>
    </Group>
  );
}
