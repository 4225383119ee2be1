import { ActionIcon, Card, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '../../../../shared/schemas/tasks';
import { CardGrid } from '../../../components/card-grid';
import { StateBadge } from '../../../components/state-badge';
import { TenantLogo } from '../../../components/tenant-logo';
import { useFormatters } from '../../../lib/format';
import { taskDetailsPath } from './task-info-dialog';

type Props = {
  data: Task[] | undefined;
  loading: boolean;
  pageSize: number;
  onInfo: (task: Task) => void;
};

/** The grid view of the task list: one card per task (its project part a link) with an info icon. */
export function TaskGrid({ data, loading, pageSize, onInfo }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  // Task cards are at least 350 px wide (spec §9).
  return (
    <CardGrid
      minCardWidth={350}
      loading={loading && !data}
      skeletons={pageSize}
      skeletonHeight={150}
      testId="task-grid"
    >
      {data?.map((task) => (
        <Card key={task.taskID} withBorder radius="md" padding="md" data-testid="task-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <UnstyledButton component={Link} to={taskDetailsPath(task)} style={{ minWidth: 0, flex: 1 }}>
              <Stack gap={2}>
                <Text size="sm" c="dimmed" ff="monospace">
                  {task.projectUnitNo}
                </Text>
                {/* The whole path: on a phone the card is the only place that shows it. */}
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {task.rootUnitTitle}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="task-card-path">
                  {task.projectUnitID === task.rootProjectUnitID
                    ? ''
                    : [task.parentUnitTitle, task.unitTitle].filter(Boolean).join(' › ')}
                </Text>
              </Stack>
            </UnstyledButton>
            <TenantLogo
              key={`${task.tenantID}_${task.salesOrgID}`}
              tenantID={task.tenantID}
              salesOrgID={task.salesOrgID}
              alt=""
              width={80}
              height={36}
            />
          </Group>
          <Group justify="space-between" mt="sm">
            <Group gap="xs">
              <UnstyledButton onClick={() => onInfo(task)}>
                <StateBadge stateKey={task.stateKey} style={{ cursor: 'pointer' }} />
                <VisuallyHidden>{t('TASKS.Info')}</VisuallyHidden>
              </UnstyledButton>
              <Text size="xs" c="dimmed">
                {fmt.date(task.changedOn)}
              </Text>
            </Group>
            <Tooltip label={t('TASKS.Info')}>
              <ActionIcon variant="subtle" aria-label={t('TASKS.Info')} onClick={() => onInfo(task)}>
                <IconInfoCircle size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Card>
      ))}
    </CardGrid>
  );
}
