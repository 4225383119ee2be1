import {
  Alert,
  Badge,
  Box,
  Card,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryLot, DeliveryOverviewInfo } from '../../../../shared/schemas/delivery';
import { ModelViewerSlot, type SelectedModelElement } from '../../../components/model-viewer-slot';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/notify';
import { useModelTree } from '../api/get-model-tree';
import { overviewModelUrl } from '../api/get-overview-info';

type Props = {
  rootId: number;
  lot: DeliveryLot | null;
  lots: DeliveryLot[];
  approvalLots: { projectUnitID: number; title: string }[];
  model: DeliveryOverviewInfo['model'] | undefined;
};

type Picked = { globalId: string; name: string };

/**
 * The model side of the overview: a tab per approval lot of the selected delivery lot, the project's
 * model in 3D with the delivery lot's walls highlighted and the rest ghosted, and the storeys with their
 * walls as a list; a click on a wall (in the model or the list) names it and the delivery lots that bring it.
 */
export function ModelPanel({ rootId, lot, lots, approvalLots, model }: Props) {
  const { t } = useTranslation();
  const ids = lot?.projectUnitIDs ? lot.projectUnitIDs.split(',').map(Number) : [];
  const [tab, setTab] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const active = ids.includes(Number(tab)) ? Number(tab) : (ids[0] ?? null);
  const deliveredBy = picked ? lots.filter((l) => l.wallGlobalIds.includes(picked.globalId)).map((l) => l.title) : [];
  const onSelectElement = (element: SelectedModelElement | null) =>
    setPicked(element?.globalId ? { globalId: element.globalId, name: element.name ?? element.globalId } : null);

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
            {/* One panel whose value follows the tab: the viewer stays mounted when the tab changes. */}
            <Tabs.Panel value={String(active)} pt="sm">
              <Stack gap="xs">
                <ModelView rootId={rootId} lot={lot} model={model} onSelectElement={onSelectElement} />
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
                <WallTree unitId={rootId} lot={lot} picked={picked} onPick={setPicked} />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Card>
  );
}

/** The 3D view (the shared viewer), or why it is not there yet. */
function ModelView({
  rootId,
  lot,
  model,
  onSelectElement,
}: {
  rootId: number;
  lot: DeliveryLot;
  model: Props['model'];
  onSelectElement: (element: SelectedModelElement | null) => void;
}) {
  const { t } = useTranslation();
  if (model === undefined) return null;
  if (model === null)
    return (
      <Text c="dimmed" size="sm">
        {t('DELIVERY.Model.NoModel')}
      </Text>
    );
  const { status, reason } = model.conversion;
  if (status === 'failed')
    return (
      <Alert color="red" title={t('FILES.Conversion.failed')}>
        {t(reason ?? 'VIEWER.Conversion.Failed.Unreadable')}
      </Alert>
    );
  if (status !== 'ready')
    return (
      <Group gap="xs" data-testid="model-converting">
        <Loader size="sm" />
        <Text size="sm">{t('VIEWER.Conversion.NotReady')}</Text>
      </Group>
    );
  return (
    <Box h={420} data-testid="delivery-model">
      <ModelViewerSlot
        modelUrl={overviewModelUrl(rootId, model.projectFileVersionID)}
        highlightGlobalIds={lot.wallGlobalIds}
        ghostOthers={lot.wallGlobalIds.length > 0}
        onSelectElement={onSelectElement}
        showPanels={false}
        height={420}
      />
    </Box>
  );
}

/** The storeys and walls as a list (keyboard and screen-reader access to the same picks). */
function WallTree({
  unitId,
  lot,
  picked,
  onPick,
}: {
  unitId: number;
  lot: DeliveryLot;
  picked: Picked | null;
  onPick: (wall: Picked) => void;
}) {
  const { t } = useTranslation();
  const tree = useModelTree(unitId);
  if (tree.isLoading) return <Loader size="sm" />;
  // A model the server cannot read (too large, damaged) says why; no model at all shows nothing.
  if (tree.error instanceof ApiError && (tree.error.status === 413 || tree.error.status === 422)) {
    return (
      <Text size="sm" c="red.9">
        {apiErrorText(tree.error)}
      </Text>
    );
  }
  if (!tree.data) return null;
  const highlighted = new Set(lot.wallGlobalIds);
  // Walls added or changed since the model's previous version (marked with a dot and counted).
  const changed = new Set(tree.data.changes?.globalIds ?? []);
  const walls = tree.data.children.flatMap((f) => f.children);
  const changedWalls = walls.filter((w) => changed.has(w.globalid)).length;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color="red.9" variant="filled">
          {t('DELIVERY.Model.InLot', { count: lot.wallGlobalIds.length })}
        </Badge>
        <Text size="xs" c="dimmed">
          {tree.data.name}
        </Text>
        {tree.data.changes && (
          <Badge color="cyan.9" variant="light" tt="none" data-testid="walls-changed">
            {t('DELIVERY.Model.ChangedSince', { count: changedWalls, version: tree.data.changes.since })}
          </Badge>
        )}
      </Group>
      <ScrollArea.Autosize mah={240}>
        <Stack gap="sm">
          {tree.data.children.map((floor) => (
            <Stack key={floor.globalid} gap={4}>
              <Text size="sm" fw={700}>
                {floor.name}
              </Text>
              <Group gap={6}>
                {floor.children.map((wall) => {
                  const on = highlighted.has(wall.globalid);
                  const isChanged = changed.has(wall.globalid);
                  return (
                    <UnstyledButton
                      key={wall.globalid}
                      onClick={() => onPick({ globalId: wall.globalid, name: wall.name })}
                      data-highlighted={on}
                      data-changed={isChanged || undefined}
                      aria-pressed={picked?.globalId === wall.globalid}
                    >
                      <Badge
                        variant={on ? 'filled' : 'outline'}
                        color={on ? 'red.9' : 'gray.7'}
                        tt="none"
                        style={{ cursor: 'pointer' }}
                        rightSection={
                          isChanged ? (
                            <span title={t('DELIVERY.Model.ChangedWall')} aria-label={t('DELIVERY.Model.ChangedWall')}>
                              ●
                            </span>
                          ) : undefined
                        }
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
