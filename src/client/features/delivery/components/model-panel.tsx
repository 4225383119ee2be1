import { Alert, Badge, Card, Group, Loader, ScrollArea, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryLot } from '../../../../shared/schemas/delivery';
import { useModelTree } from '../api/get-model-tree';

type Props = {
  rootId: number;
  lot: DeliveryLot | null;
  lots: DeliveryLot[];
  approvalLots: { projectUnitID: number; title: string }[];
};

/**
 * The model side of the overview: a tab per approval lot of the selected delivery lot, the storeys and
 * walls of the project's model with the delivery lot's walls highlighted and the rest dimmed; a click on a
 * wall names it and the delivery lot that brings it.
 */
export function ModelPanel({ rootId, lot, lots, approvalLots }: Props) {
  const { t } = useTranslation();
  const ids = lot?.projectUnitIDs ? lot.projectUnitIDs.split(',').map(Number) : [];
  const [tab, setTab] = useState<string | null>(null);
  const active = ids.includes(Number(tab)) ? Number(tab) : (ids[0] ?? null);
  return (
    <Card withBorder radius="md" padding="md" data-testid="model-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('DELIVERY.Model.Title')}
        </Title>
        {!lot || active === null ? (
          <Text c="dimmed" size="sm">
            {t('DELIVERY.Model.SelectLot')}
          </Text>
        ) : (
          <Tabs value={String(active)} onChange={setTab}>
            <Tabs.List>
              {ids.map((id) => (
                <Tabs.Tab key={id} value={String(id)}>
                  {approvalLots.find((a) => a.projectUnitID === id)?.title ?? id}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value={String(active)} pt="sm">
              <WallTree unitId={rootId} lot={lot} lots={lots} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Card>
  );
}

function WallTree({ unitId, lot, lots }: { unitId: number; lot: DeliveryLot; lots: DeliveryLot[] }) {
  const { t } = useTranslation();
  const tree = useModelTree(unitId);
  const [picked, setPicked] = useState<{ globalid: string; name: string } | null>(null);
  if (tree.isLoading) return <Loader size="sm" />;
  if (!tree.data)
    return (
      <Text c="dimmed" size="sm">
        {t('DELIVERY.Model.NoModel')}
      </Text>
    );
  const highlighted = new Set(lot.wallGlobalIds);
  const deliveredBy = picked ? lots.filter((l) => l.wallGlobalIds.includes(picked.globalid)).map((l) => l.title) : [];
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color="red.9" variant="filled">
          {t('DELIVERY.Model.InLot', { count: lot.wallGlobalIds.length })}
        </Badge>
        <Text size="xs" c="dimmed">
          {tree.data.name}
        </Text>
      </Group>
      {picked && (
        <Alert
          color="blue"
          data-testid="picked-wall"
          withCloseButton
          onClose={() => setPicked(null)}
          closeButtonLabel={t('COMMON.Close')}
        >
          <Text size="sm" fw={600}>
            {picked.name}
          </Text>
          <Text size="sm">
            {deliveredBy.length > 0
              ? t('DELIVERY.Model.DeliveredBy', { lots: deliveredBy.join(', ') })
              : t('DELIVERY.Model.NotDelivered')}
          </Text>
        </Alert>
      )}
      <ScrollArea.Autosize mah={480}>
        <Stack gap="sm">
          {tree.data.children.map((floor) => (
            <Stack key={floor.globalid} gap={4}>
              <Text size="sm" fw={700}>
                {floor.name}
              </Text>
              <Group gap={6}>
                {floor.children.map((wall) => {
                  const on = highlighted.has(wall.globalid);
                  return (
                    <UnstyledButton
                      key={wall.globalid}
                      onClick={() => setPicked(wall)}
                      data-highlighted={on}
                      aria-pressed={picked?.globalid === wall.globalid}
                    >
                      <Badge
                        variant={on ? 'filled' : 'outline'}
                        color={on ? 'red.9' : 'gray.7'}
                        tt="none"
                        style={{ cursor: 'pointer' }}
                      >
                        {wall.name}
                      </Badge>
                    </UnstyledButton>
                  );
                })}
              </Group>
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
