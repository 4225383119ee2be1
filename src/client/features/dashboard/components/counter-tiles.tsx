import { Card, Group, Loader, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBriefcase, IconChecklist, IconNews, IconRoute, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isFeatureOn } from '../../../../shared/rules/features';
import { useCurrentUser } from '../../../lib/current-user';
import { useDashboardCount, type DashboardCounter } from '../api/get-dashboard-count';

type Tile = {
  to: string;
  labelKey: string;
  icon: Icon;
  color: string;
  counter?: DashboardCounter;
  textKey?: string;
  testId: string;
};

const tiles: Tile[] = [
  {
    to: '/home/app/task-list',
    labelKey: 'DASHBOARD.PendingTasks',
    icon: IconChecklist,
    color: 'orange',
    counter: 'taskCount',
    testId: 'tile-tasks',
  },
  {
    to: '/home/app/current-projects-list',
    labelKey: 'DASHBOARD.CurrentProjects',
    icon: IconBriefcase,
    color: 'teal',
    counter: 'projectCount',
    testId: 'tile-projects',
  },
  {
    to: '/home/app/news',
    labelKey: 'DASHBOARD.News',
    icon: IconNews,
    color: 'blue',
    textKey: 'DASHBOARD.NoNews',
    testId: 'tile-news',
  },
];
const workflowTile: Tile = {
  to: '/home/app/project/workflows',
  labelKey: 'DASHBOARD.Workflows',
  icon: IconRoute,
  color: 'grape',
  counter: 'workflowCount',
  testId: 'tile-workflows',
};

/** The counter value: a spinner while loading, "–" when the counter is not offered or failed. */
function CounterValue({ counter }: { counter: DashboardCounter }) {
  const { t } = useTranslation();
  const { data, isLoading } = useDashboardCount(counter);
  if (isLoading) return <Loader size="sm" />;
  if (data === null || data === undefined) {
    return (
      <Text fz={32} fw={700} lh={1} aria-label={t('DASHBOARD.CountUnavailable')}>
        –
      </Text>
    );
  }
  return (
    <Text fz={32} fw={700} lh={1}>
      {data}
    </Text>
  );
}

function TileCard({ tile }: { tile: Tile }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={tile.to} data-testid={tile.testId} style={{ display: 'block' }}>
      <Card withBorder radius="md" padding="lg" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" c="dimmed" fw={500}>
              {t(tile.labelKey)}
            </Text>
            <Group mt="sm" h={36}>
              {tile.counter ? (
                <CounterValue counter={tile.counter} />
              ) : (
                <Text size="sm" c="dimmed">
                  {tile.textKey ? t(tile.textKey) : ''}
                </Text>
              )}
            </Group>
          </div>
          <ThemeIcon size={44} radius="md" variant="light" color={tile.color}>
            <tile.icon size={26} aria-hidden />
          </ThemeIcon>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** Pending tasks, current projects, news, and workflows when the tenant has the Workflow feature. */
export function CounterTiles() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const withWorkflow = user ? isFeatureOn(user.features, 'Workflow') : false;
  const shown = withWorkflow ? [...tiles, workflowTile] : tiles;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: shown.length }}
      spacing="md"
      component="section"
      aria-label={t('DASHBOARD.Counters')}
    >
      {shown.map((tile) => (
        <TileCard key={tile.to} tile={tile} />
      ))}
    </SimpleGrid>
  );
}
