import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProjectListItem } from '../../../../shared/schemas/project-list';
import { CardGrid } from '../../../components/card-grid';
import { TenantLogo } from '../../../components/tenant-logo';
import { useFormatters } from '../../../lib/format';
import { StateBadge } from '../../../components/state-badge';

type Props = {
  data: ProjectListItem[] | undefined;
  loading: boolean;
  pageSize: number;
};

/** The grid view of a project list: one card per project, each a link (middle-click, new tab, keyboard). */
export function ProjectGrid({ data, loading, pageSize }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  // Cards are at least 352 px wide (spec §9).
  return (
    <CardGrid
      minCardWidth={352}
      loading={loading && !data}
      skeletons={pageSize}
      skeletonHeight={132}
      testId="project-grid"
    >
      {data?.map((item) => (
        <UnstyledButton
          component={Link}
          to={`/home/app/project/details/${item.projectUnitID}`}
          key={item.projectUnitID}
          data-testid="project-card"
        >
          <Card withBorder radius="md" padding="md" h="100%">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed" ff="monospace">
                  {item.projectUnitNo}
                </Text>
                {/* The whole title: on a phone the card is the only place that shows it. */}
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                </Text>
              </Stack>
              <TenantLogo
                key={`${item.tenantID}_${item.salesOrgID}`}
                tenantID={item.tenantID}
                salesOrgID={item.salesOrgID}
                alt={t('LISTS.LogoAlt')}
                width={80}
                height={36}
              />
            </Group>
            <Group justify="space-between" mt="md">
              <StateBadge stateKey={item.stateKey} />
              <Text size="sm" c="dimmed">
                {t('LISTS.SinceDate', { date: fmt.date(item.stateSince) })}
              </Text>
            </Group>
          </Card>
        </UnstyledButton>
      ))}
    </CardGrid>
  );
}
