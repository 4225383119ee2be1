import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isFeatureOn } from '../../../../shared/rules/features';
import { currentUserQuery, useCurrentUser } from '../../../lib/current-user';
import { eachInOwnTask, nextTask } from '../../../lib/next-task';
import { createProjectPath, creationContextQuery, useCreationContext } from '../../../lib/project-creation';
import { useFormatters } from '../../../lib/format';
import { dashboardCountQuery } from '../api/get-dashboard-count';
import { salesOrganisationsQuery } from '../api/get-sales-organisations';
import { CounterTiles } from '../components/counter-tiles';
import { DivergingDeliveries, divergingDeliveriesQuery } from '../components/diverging-deliveries';

// The sales-organisation panel (with its dialog and mutation) loads after the first paint, so the
// sign-in and dashboard bundle stays within its budget.
const SalesOrgPanel = lazy(async () => ({ default: (await import('../components/sales-org-panel')).SalesOrgPanel }));

/**
 * Starts the dashboard's requests with the app's first ones instead of after the first render, so
 * the welcome card (its create button), the counters and the sales organisations arrive with the
 * page and nothing moves or is built again. In a task after the router's own (on a page's first
 * load the two together would hold the main thread in one long task), each in a task of its own.
 */
export function dashboardLoader(queryClient: QueryClient) {
  return async () => {
    await nextTask();
    const user = queryClient.getQueryData(currentUserQuery().queryKey);
    await eachInOwnTask([
      () => queryClient.prefetchQuery(creationContextQuery()),
      () => queryClient.prefetchQuery(dashboardCountQuery('taskCount')),
      () => queryClient.prefetchQuery(dashboardCountQuery('projectCount')),
      () =>
        user &&
        isFeatureOn(user.features, 'Workflow') &&
        queryClient.prefetchQuery(dashboardCountQuery('workflowCount')),
      () => queryClient.prefetchQuery(divergingDeliveriesQuery),
      () => queryClient.prefetchQuery(salesOrganisationsQuery()),
    ]);
    return null;
  };
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const fmt = useFormatters();
  const creation = useCreationContext();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.userLogin;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" data-testid="welcome-card">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              {t('DASHBOARD.Welcome', { name })}
            </Title>
            <Text c="dimmed" mt="xs">
              {t('DASHBOARD.WelcomeText', { tenant: user.tenantName, date: fmt.date(new Date()) })}
            </Text>
          </div>
          {creation.data?.canCreate && (
            <Button component={Link} to={createProjectPath()} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('PROJECT.CreateProject.Button')}
            </Button>
          )}
        </Group>
      </Card>
      <CounterTiles />
      <DivergingDeliveries />
      <Suspense fallback={null}>
        <SalesOrgPanel />
      </Suspense>
    </Stack>
  );
}
