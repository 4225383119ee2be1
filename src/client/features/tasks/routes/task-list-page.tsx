import { ActionIcon, Alert, Anchor, Box, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconFileTypePdf, IconHelpCircle, IconListCheck, IconRefresh } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Task } from '../../../../shared/schemas/tasks';
import { DataTable } from '../../../components/data-table';
import { ListPager } from '../../../components/list-pager';
import { ListToolbar } from '../../../components/list-toolbar';
import { pageCount } from '../../../lib/paging';
import { manualUrl } from '../../../lib/manual';
import { apiErrorText } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { useTasks } from '../api/get-tasks';
import { TaskGrid } from '../components/task-grid';
import { taskDetailsPath, TaskInfoDialog } from '../components/task-info-dialog';
import { useTaskColumns } from '../components/task-table';
import { useSwipePaging } from '../../../lib/use-swipe-paging';

/** My Tasks (spec §2): the user's open tasks as table or grid, newest first. */
export function TaskListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const paging = usePagedList({ storageKey: 'tasklist' });
  const { page, pageSize, setPage } = paging;
  const [info, setInfo] = useState<Task | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const tasks = useTasks(page, pageSize);
  const total = tasks.data?.count;
  const pages = pageCount(total ?? 0, pageSize);
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
      <ListToolbar
        title={t('TASKS.Title')}
        paging={paging}
        withViewToggle
        actions={
          <>
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
          </>
        }
      />
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
        {paging.view === 'table' ? (
          <DataTable
            data={tasks.data?.data}
            columns={columns}
            total={total}
            paging={paging}
            loading={tasks.isLoading}
            empty={empty}
            onRowClick={open}
            getRowId={(r) => String(r.taskID)}
            caption={t('TASKS.Title')}
          />
        ) : (
          <Stack gap="md">
            <TaskGrid data={tasks.data?.data} loading={tasks.isLoading} pageSize={pageSize} onInfo={onInfo} />
            {tasks.data?.data.length === 0 && <Box py="lg">{empty}</Box>}
            <ListPager paging={paging} total={total} />
          </Stack>
        )}
      </Card>
      <TaskInfoDialog task={info} onClose={() => setInfo(null)} />
    </Stack>
  );
}
