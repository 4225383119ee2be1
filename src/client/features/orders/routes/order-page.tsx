import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorText } from '../../../lib/notify';
import { useOrderLot } from '../api/get-order-lot';
import { OrderLotPanel } from '../components/order-lot-panel';

/** home/app/project/details/:rootUnitId/:unitId/order — the order tables on their own page. */
export function OrderPage() {
  const { t } = useTranslation();
  const params = useParams();
  const rootUnitId = Number(params.rootUnitId);
  const unitId = Number(params.unitId);
  const lot = useOrderLot(unitId);
  // The first paint shows the lot's number and title; its tables (the larger build) follow.
  const tablesShown = useDeferredValue(true, false);
  if (lot.error) {
    return (
      <Alert color="red" role="alert">
        {apiErrorText(lot.error)}
      </Alert>
    );
  }
  if (!lot.data) return <Skeleton h={320} radius="md" />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" c="dimmed">
            {lot.data.projectUnitNo}
          </Text>
          <Title order={1} size="h2">
            {lot.data.title}
          </Title>
        </div>
        <Anchor component={Link} to={`/home/app/project/details/${rootUnitId}/${unitId}`} size="sm">
          {t('COMMON.Back')}
        </Anchor>
      </Group>
      {tablesShown ? (
        <OrderLotPanel unitId={unitId} rootUnitId={rootUnitId} unitType={lot.data.projectUnitType} />
      ) : (
        <Skeleton h={320} radius="md" />
      )}
    </Stack>
  );
}
