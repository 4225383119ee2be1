import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { stateKeys } from '../../../../shared/schemas/project-unit';
import { NotFoundPage } from '../../../components/not-found-page';
import { useStateLabel } from '../../../components/state-badge';
import { apiData } from '../../../lib/config';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { closeLabel, notifyError, notifySuccess } from '../../../lib/notify';
import {
  filterQuery,
  useOutlookEntries,
  useOutlookFigures,
  useOutlookOptions,
  useOutlookVolumes,
  usePlantCapacities,
  useSavePlantCapacity,
  type Column,
  type OutlookFilter,
} from '../api/outlook';
import { ExportButtons } from '../components/export-buttons';
import { VolumeChart } from '../components/volume-chart';

const rootStates = stateKeys.filter((s) =>
  ['Structuring', 'Preparing', 'PendingValidation', 'PendingContract', 'ProvideFiles', 'Closed'].includes(s),
);
const toId = (v: string | null) => (v ? Number(v) : undefined);

/** The manufacturer's outlook: volumes per plant and week, review and delivery figures (internal users). */
export function OutlookPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  if (!user.isInternal && !user.isAdmin) return <NotFoundPage />;
  return <Outlook isAdmin={user.isAdmin} />;
}

function Outlook({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const [filter, setFilter] = useState<OutlookFilter>({ material: 'aac' });
  const [column, setColumn] = useState<Column | null>(null);
  const options = useOutlookOptions();
  const volumes = useOutlookVolumes(filter);
  const { material, ...rest } = filter;
  void material;
  const all = { value: '', label: t('OUTLOOK.All') };
  const select = (key: keyof OutlookFilter, label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      data={[all, ...data]}
      value={filter[key] === undefined ? '' : String(filter[key])}
      allowDeselect={false}
      onChange={(v) => setFilter((f) => ({ ...f, [key]: key === 'stateKey' ? v || undefined : toId(v) }))}
      w={200}
    />
  );
  const exportHref = (format: 'csv' | 'xlsx') =>
    apiData(`outlook/volumes/export?${filterQuery({ ...filter, format })}`);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('OUTLOOK.Title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('OUTLOOK.Intro')}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Group align="end" gap="md" wrap="wrap">
          <div>
            <Text size="sm" fw={500} id="outlook-material">
              {t('OUTLOOK.Material')}
            </Text>
            <SegmentedControl
              aria-labelledby="outlook-material"
              value={filter.material}
              onChange={(v) => setFilter((f) => ({ ...f, material: v as OutlookFilter['material'] }))}
              data={[
                { value: 'aac', label: t('OUTLOOK.Aac') },
                { value: 'lintel', label: t('OUTLOOK.Lintel') },
              ]}
            />
          </div>
          {select('salesOrgId', t('OUTLOOK.SalesOrg'), options.data?.salesOrgs ?? [])}
          {select('plantId', t('OUTLOOK.Plant'), options.data?.plants ?? [])}
          {select('productTypeId', t('OUTLOOK.ProductType'), options.data?.productTypes ?? [])}
          {select(
            'stateKey',
            t('OUTLOOK.ProjectState'),
            rootStates.map((s) => ({ value: s, label: stateLabel(s) })),
          )}
          <Group ml="auto">
            <ExportButtons href={exportHref} />
          </Group>
        </Group>
      </Card>
      {volumes.isPending && <Loader aria-label={t('OUTLOOK.Title')} />}
      {volumes.data && volumes.data.rows.length === 0 && <Text>{t('OUTLOOK.NoData')}</Text>}
      {volumes.data?.plants.map((plant) => (
        <VolumeChart key={plant.plantId ?? 'none'} plant={plant} volumes={volumes.data} onOpen={setColumn} />
      ))}
      <EntriesDialog filter={filter} column={column} onClose={() => setColumn(null)} />
      <Figures filter={rest} />
      {isAdmin && <CapacityCard />}
    </Stack>
  );
}

function EntriesDialog({
  filter,
  column,
  onClose,
}: {
  filter: OutlookFilter;
  column: Column | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const entries = useOutlookEntries(filter, column);
  return (
    <Modal
      opened={column !== null}
      onClose={onClose}
      closeButtonProps={closeLabel()}
      size="xl"
      title={column ? t('OUTLOOK.Entries', { week: column.isoWeek.slice(-2), plant: column.plantName }) : ''}
    >
      {entries.isPending && <Loader />}
      {entries.data && entries.data.data.length === 0 && <Text>{t('OUTLOOK.NoEntries')}</Text>}
      {entries.data && entries.data.data.length > 0 && column && (
        <Group justify="flex-end" mb="xs">
          <ExportButtons
            href={(format) =>
              apiData(
                `outlook/entries/export?${filterQuery({ ...filter, week: column.week, plant: column.plantId ?? 'none', format })}`,
              )
            }
          />
        </Group>
      )}
      {entries.data && entries.data.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="outlook-entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('OUTLOOK.Day')}</Table.Th>
                <Table.Th>{t('OUTLOOK.Project')}</Table.Th>
                <Table.Th>{t('OUTLOOK.ApprovalLot')}</Table.Th>
                <Table.Th>{t('OUTLOOK.DeliveryLot')}</Table.Th>
                <Table.Th>{t('OUTLOOK.State')}</Table.Th>
                <Table.Th ta="end">{t('OUTLOOK.Volume')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.data.data.map((e, i) => (
                <Table.Tr key={`${e.unitId}-${e.lotId ?? 'x'}-${i}`}>
                  <Table.Td>{f.date(e.day)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/home/app/project/details/${e.projectId}`}>
                      {e.projectNo} {e.projectTitle}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/home/app/project/details/${e.projectId}/${e.unitId}`}>
                      {e.unitTitle}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {e.lotId !== null ? (
                      <Anchor component={Link} to={`/home/app/project/delivery-overview/${e.projectId}`}>
                        {e.lotTitle}
                      </Anchor>
                    ) : (
                      '–'
                    )}
                  </Table.Td>
                  <Table.Td>{t(`OUTLOOK.Category.${e.category}`)}</Table.Td>
                  <Table.Td ta="end">{f.number(e.volume)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}

function Figures({ filter }: { filter: Omit<OutlookFilter, 'material'> }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const stateLabel = useStateLabel();
  const figures = useOutlookFigures(filter);
  const d = figures.data;
  if (!d) return null;
  const percent = new Intl.NumberFormat(f.locale, { style: 'percent', maximumFractionDigits: 0 });
  const figuresHref = (table: 'states' | 'waiting') => (format: 'csv' | 'xlsx') =>
    apiData(`outlook/figures/export?${filterQuery({ ...filter, table, format })}`);
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('OUTLOOK.Figures')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('OUTLOOK.ReviewRounds')}
            </Title>
            <Text data-testid="outlook-review-rounds">
              {t('OUTLOOK.MedianDays')}: {f.number(d.reviewRounds.medianDays)} ({t('OUTLOOK.Count')}{' '}
              {f.number(d.reviewRounds.count)})
            </Text>
            <Title order={3} size="h5">
              {t('OUTLOOK.OnTime')}
            </Title>
            <Text data-testid="outlook-on-time">
              {d.deliveries.share === null
                ? '–'
                : t('OUTLOOK.OnTimeShare', {
                    share: percent.format(d.deliveries.share),
                    count: f.number(d.deliveries.count),
                  })}
            </Text>
          </Stack>
          <Table captionSide="top">
            <caption style={{ textAlign: 'start', fontWeight: 600 }}>
              <Group justify="space-between" gap="xs">
                {t('OUTLOOK.StateDurations')}
                <ExportButtons label={t('OUTLOOK.StateDurations')} href={figuresHref('states')} />
              </Group>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('OUTLOOK.State')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('OUTLOOK.MedianDays')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('OUTLOOK.Transitions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.states.map((s) => (
                <Table.Tr key={s.stateKey}>
                  <Table.Td>{stateLabel(s.stateKey)}</Table.Td>
                  <Table.Td ta="end">{f.number(s.medianDays)}</Table.Td>
                  <Table.Td ta="end">{f.number(s.transitions)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </SimpleGrid>
        <Table captionSide="top">
          <caption style={{ textAlign: 'start', fontWeight: 600 }}>
            <Group justify="space-between" gap="xs">
              {t('OUTLOOK.Waiting')}
              <ExportButtons label={t('OUTLOOK.Waiting')} href={figuresHref('waiting')} />
            </Group>
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('OUTLOOK.State')}</Table.Th>
              <Table.Th scope="col">{t('OUTLOOK.Project')}</Table.Th>
              <Table.Th scope="col">{t('OUTLOOK.Since')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.waiting.map((w) => (
              <Table.Tr key={w.projectId}>
                <Table.Td>{stateLabel(w.stateKey)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/home/app/project/details/${w.projectId}`}>
                    {w.projectNo} {w.projectTitle}
                  </Anchor>
                </Table.Td>
                <Table.Td>{f.date(w.stateSince)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/** Admins enter each plant's weekly capacity here; it shows as the line in the plant's chart. */
function CapacityCard() {
  const { t } = useTranslation();
  const plants = usePlantCapacities(true);
  const save = useSavePlantCapacity();
  const [values, setValues] = useState<Record<number, number | string>>({});
  useEffect(() => {
    if (plants.data) setValues(Object.fromEntries(plants.data.map((p) => [p.plantId, p.weeklyCapacity ?? ''])));
  }, [plants.data]);
  if (!plants.data) return null;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('OUTLOOK.CapacityAdmin')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('OUTLOOK.CapacityHint')}
        </Text>
        {plants.data.map((p) => (
          <Group key={p.plantId} align="end">
            <NumberInput
              label={`${p.name} (m³)`}
              value={values[p.plantId] ?? ''}
              min={0}
              max={1_000_000}
              decimalScale={3}
              onChange={(v) => setValues((s) => ({ ...s, [p.plantId]: v }))}
              w={220}
            />
            <Button
              variant="light"
              loading={save.isPending && save.variables?.plantId === p.plantId}
              onClick={() => {
                const v = values[p.plantId];
                save.mutate(
                  { plantId: p.plantId, weeklyCapacity: v === '' || v === undefined ? null : Number(v) },
                  { onSuccess: () => notifySuccess(t('OUTLOOK.Saved')), onError: (error) => notifyError(error) },
                );
              }}
            >
              {t('OUTLOOK.Save')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
