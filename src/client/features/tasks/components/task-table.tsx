import { Anchor, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '../../../../shared/schemas/tasks';
import { StateBadge } from '../../../components/state-badge';
import { TenantLogo } from '../../../components/tenant-logo';
import { useFormatters } from '../../../lib/format';
import { taskDetailsPath } from './task-info-dialog';

/** Columns of the task table (spec §2): logo, project, state (opens the info dialog), since. */
export function useTaskColumns(onInfo: (task: Task) => void): ColumnDef<Task, unknown>[] {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return useMemo<ColumnDef<Task, unknown>[]>(
    () => [
      {
        id: 'logo',
        header: t('TASKS.Logo'),
        cell: ({ row }) => (
          <TenantLogo
            key={`${row.original.tenantID}_${row.original.salesOrgID}`}
            tenantID={row.original.tenantID}
            salesOrgID={row.original.salesOrgID}
            alt=""
            width={72}
            height={32}
          />
        ),
      },
      {
        id: 'project',
        header: t('TASKS.Project'),
        cell: ({ row }) => (
          <Stack gap={0}>
            {/* A real link: middle-click, open in a new tab and the keyboard work as on any link. */}
            <Anchor
              component={Link}
              to={taskDetailsPath(row.original)}
              size="sm"
              c="inherit"
              underline="hover"
              onClick={(e) => e.stopPropagation()}
            >
              <Text span ff="monospace" c="dimmed" mr="xs">
                {row.original.projectUnitNo}
              </Text>
              <Text span fw={500}>
                {row.original.rootUnitTitle}
              </Text>
            </Anchor>
            <Text size="sm" c="dimmed">
              {row.original.projectUnitID === row.original.rootProjectUnitID
                ? ''
                : [row.original.parentUnitTitle, row.original.unitTitle].filter(Boolean).join(' › ')}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'state',
        header: t('TASKS.State'),
        cell: ({ row }) => (
          <UnstyledButton
            data-testid="task-state"
            onClick={(e) => {
              e.stopPropagation();
              onInfo(row.original);
            }}
          >
            {/* The name starts with the visible state, so speech input finds the button by what it shows. */}
            <StateBadge stateKey={row.original.stateKey} style={{ cursor: 'pointer' }} />
            <VisuallyHidden>{t('TASKS.Info')}</VisuallyHidden>
          </UnstyledButton>
        ),
      },
      { id: 'since', header: t('TASKS.Since'), cell: ({ row }) => fmt.date(row.original.changedOn) },
    ],
    [t, fmt, onInfo],
  );
}
