import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkflowEntry, WorkflowNotification } from '../../../../shared/schemas/workflow';
import { StateBadge } from '../../../components/state-badge';
import { useFormatters } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { useNotifications, useWorkflows } from '../api/get-workflows';
import { PagedCard, workflowPageSizes } from '../components/paged-card';

const details = (rootId: number, unitId: number) =>
  `/home/app/project/details/${rootId}${rootId === unitId ? '' : `/${unitId}`}`;

/** The workflows page (spec §2): material-data notifications and open workflow rules. */
export function WorkflowsPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nPaging = usePagedList({ pageSizes: workflowPageSizes, defaultPageSize: 5, prefix: 'n-' });
  const wPaging = usePagedList({ pageSizes: workflowPageSizes, defaultPageSize: 5, prefix: 'w-' });
  const notifications = useNotifications(nPaging.page, nPaging.pageSize);
  const workflows = useWorkflows(wPaging.page, wPaging.pageSize);

  const notificationColumns = useMemo<ColumnDef<WorkflowNotification, unknown>[]>(
    () => [
      {
        id: 'project',
        header: t('WORKFLOW.Page.Project'),
        cell: ({ row: { original: n } }) => (
          <Stack gap={0}>
            <Anchor component={Link} to={details(n.rootProjectUnitID, n.projectUnitID)} size="sm">
              {n.rootNo} {n.root}
            </Anchor>
            <Text size="xs" c="dimmed">
              {[n.subProject, n.approvalLot].filter(Boolean).join(' › ')}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'user',
        header: t('WORKFLOW.Page.User'),
        cell: ({ row: { original: n } }) => (
          <Stack gap={0}>
            <Text size="sm">{n.username ?? t('WORKFLOW.Page.System')}</Text>
            <Text size="xs" c="dimmed">
              {fmt.dateTime(n.createdOn)}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'data',
        header: t('WORKFLOW.Page.NewData'),
        cell: ({ row: { original: n } }) => (
          <Stack gap={2}>
            {n.materialData.map((m, i) => (
              <Text size="sm" key={i}>
                {t(`PROJECT.Materials.Types.${m.type}`, { defaultValue: m.type })} · {fmt.number(m.volume)} m³ ·{' '}
                {fmt.date(m.deliveryDate)}
              </Text>
            ))}
          </Stack>
        ),
      },
    ],
    [t, fmt],
  );

  const workflowColumns = useMemo<ColumnDef<WorkflowEntry, unknown>[]>(
    () => [
      {
        id: 'project',
        header: t('WORKFLOW.Page.Project'),
        cell: ({ row: { original: w } }) => (
          <Anchor component={Link} to={details(w.rootProjectUnitID, w.projectUnitID)} size="sm">
            {w.projectUnitNo} {w.title}
          </Anchor>
        ),
      },
      {
        id: 'state',
        header: t('WORKFLOW.Page.State'),
        cell: ({ row }) => <StateBadge stateKey={row.original.stateKey} />,
      },
      {
        id: 'rule',
        header: t('WORKFLOW.Page.Rule'),
        cell: ({ row: { original: w } }) => (
          <Stack gap={0}>
            <Text size="sm">
              {t(`WORKFLOW.Rule.${w.ruleKey}`, {
                count: w.ruleKey === 'reminder' ? w.rule.remindAfterWorkingDays : w.rule.escalateAfterWorkingDays,
              })}
            </Text>
            <Text size="xs" c="dimmed" title={fmt.dateTime(w.createdOn)}>
              {fmt.relativeTime(w.createdOn)}
            </Text>
          </Stack>
        ),
      },
    ],
    [t, fmt],
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('WORKFLOW.Page.Title')}
      </Title>
      <PagedCard
        title={t('WORKFLOW.Page.Notifications')}
        testId="workflow-notifications"
        emptyText={t('WORKFLOW.Page.NoNotifications')}
        columns={notificationColumns}
        query={notifications}
        paging={nPaging}
        getRowId={(r) => String(r.notificationID)}
      />
      <PagedCard
        title={t('WORKFLOW.Page.Workflows')}
        testId="workflow-rules"
        emptyText={t('WORKFLOW.Page.NoWorkflows')}
        columns={workflowColumns}
        query={workflows}
        paging={wPaging}
        getRowId={(r) => String(r.reminderID)}
      />
    </Stack>
  );
}
