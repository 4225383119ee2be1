import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DivergingDeliveries } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { useFormatters } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';

export const divergingDeliveriesQuery = queryOptions({
  queryKey: queryKeys.dashboard.divergingDeliveries(),
  queryFn: ({ signal }) => apiRequest<DivergingDeliveries>(apiData('dashboard/diverging-deliveries'), { signal }),
  staleTime: 30_000,
});

/**
 * Upcoming deliveries of the user's projects whose confirmed date differs from the requested one;
 * each links to the project's delivery overview. Shown only when there are any.
 */
export function DivergingDeliveries() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { data } = useQuery(divergingDeliveriesQuery);
  if (!data || data.data.length === 0) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="diverging-deliveries-title"
      data-testid="diverging-deliveries"
    >
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light" color="orange">
          <IconAlertTriangle size={22} aria-hidden />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4" id="diverging-deliveries-title">
            {t('DASHBOARD.DivergingDeliveries.Title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('DASHBOARD.DivergingDeliveries.Text', { count: data.count ?? data.data.length })}
          </Text>
        </div>
      </Group>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {data.data.map((d) => (
          <li key={d.deliveryLotID}>
            <Anchor
              component={Link}
              to={`/home/app/project/delivery-overview/${d.rootProjectUnitID}`}
              size="sm"
              fw={600}
            >
              {d.projectUnitNo} {d.projectTitle}: {d.title}
            </Anchor>
            <Text size="sm">
              {t('DASHBOARD.DivergingDeliveries.Dates', {
                requested: fmt.date(d.requestedDate),
                confirmed: fmt.date(d.confirmedDate),
              })}
            </Text>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
