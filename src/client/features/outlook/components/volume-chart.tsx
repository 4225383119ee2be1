import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useActiveTooltipDataPoints } from 'recharts';
import { Badge, Button, Card, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTLOOK_CATEGORIES, type OutlookVolumes } from '../../../../shared/schemas/outlook';
import { useFormatters } from '../../../lib/format';
import type { Column } from '../api/outlook';

/** Dark enough against white for graphical objects (WCAG 1.4.11, at least 3:1) and told apart by more than hue. */
export const CATEGORY_COLORS: Record<(typeof OUTLOOK_CATEGORIES)[number], string> = {
  confirmed: '#0b5e3f',
  ordered: '#1c5fa8',
  planned: '#b3410e',
  expected: '#6b4fbb',
};

export type PlantWeek = {
  week: string;
  isoWeek: string;
  label: string;
  total: number;
  over: boolean;
} & Record<(typeof OUTLOOK_CATEGORIES)[number], number>;

/** One plant's weeks: the stacked categories, their total and whether it passes the capacity. */
export function plantWeeks(volumes: OutlookVolumes, plantId: number | null, capacity: number | null): PlantWeek[] {
  return volumes.weeks.map((w) => {
    const values = Object.fromEntries(
      OUTLOOK_CATEGORIES.map((c) => [
        c,
        volumes.rows.find((r) => r.plantId === plantId && r.weekStart === w.weekStart && r.category === c)?.volume ?? 0,
      ]),
    ) as Record<(typeof OUTLOOK_CATEGORIES)[number], number>;
    const total = Math.round(OUTLOOK_CATEGORIES.reduce((s, c) => s + values[c], 0) * 1000) / 1000;
    const over = capacity !== null && total > capacity;
    const week = w.isoWeek.slice(-2);
    return { week: w.weekStart, isoWeek: w.isoWeek, label: over ? `${week} ▲` : week, total, over, ...values };
  });
}

/** Keeps the week the chart's keyboard layer (or the pointer) currently points at. */
function ActiveWeek({ intoRef }: { intoRef: { current: PlantWeek | null } }) {
  const points = useActiveTooltipDataPoints<PlantWeek>();
  useEffect(() => {
    intoRef.current = points?.[0] ?? null;
  }, [points, intoRef]);
  return null;
}

/** A plant's stacked weekly columns with its capacity line, and the same figures as a table. */
export function VolumeChart({
  plant,
  volumes,
  onOpen,
}: {
  plant: OutlookVolumes['plants'][number];
  volumes: OutlookVolumes;
  onOpen: (column: Column) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const name = plant.name ?? t('OUTLOOK.NoPlant');
  const weeks = plantWeeks(volumes, plant.plantId, plant.weeklyCapacity);
  const overWeeks = weeks.filter((w) => w.over);
  const open = (w: PlantWeek) => onOpen({ week: w.week, isoWeek: w.isoWeek, plantId: plant.plantId, plantName: name });
  const unit = volumes.material === 'aac' ? 'm³' : t('OUTLOOK.Lintel');
  // The chart is focusable; the arrow keys move between weeks (the chart's own keyboard layer) and
  // Enter or Space lists what stands behind the week shown, as a click on its column does.
  const active = useRef<PlantWeek | null>(null);
  const hintId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === 'Enter' || event.key === ' ') && active.current) {
      event.preventDefault();
      open(active.current);
    }
  };
  return (
    <Card withBorder padding="md" data-testid="outlook-plant">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {name}
          </Title>
          {plant.weeklyCapacity !== null && (
            <Text size="sm" c="dimmed">
              {t('OUTLOOK.Capacity')}: {f.number(plant.weeklyCapacity)} m³
            </Text>
          )}
        </Group>
        {overWeeks.length > 0 && (
          <Group gap="xs" aria-label={t('OUTLOOK.OverCapacity')}>
            <Text size="sm" fw={600} c="red.9">
              {t('OUTLOOK.OverCapacity')}:
            </Text>
            {overWeeks.map((w) => (
              <Badge key={w.week} color="red.9" variant="filled" tt="none">
                {t('OUTLOOK.Week')} {w.isoWeek.slice(-2)}
              </Badge>
            ))}
          </Group>
        )}
        <figure
          style={{ margin: 0 }}
          aria-label={t('OUTLOOK.ChartLabel', { plant: name })}
          aria-describedby={hintId}
          onKeyDown={onKeyDown}
        >
          <Text id={hintId} size="xs" c="dimmed">
            {t('OUTLOOK.ChartKeys')}
          </Text>
          <BarChart
            h={260}
            data={weeks}
            dataKey="label"
            type="stacked"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            valueFormatter={(v) => f.number(v)}
            series={OUTLOOK_CATEGORIES.map((c) => ({
              name: c,
              color: CATEGORY_COLORS[c],
              label: t(`OUTLOOK.Category.${c}`),
            }))}
            referenceLines={
              plant.weeklyCapacity !== null
                ? [{ y: plant.weeklyCapacity, label: t('OUTLOOK.Capacity'), color: 'red.9', strokeDasharray: '6 3' }]
                : []
            }
            barProps={{
              cursor: 'pointer',
              onClick: (entry: { payload?: PlantWeek }) => entry.payload && open(entry.payload),
            }}
          >
            <ActiveWeek intoRef={active} />
          </BarChart>
        </figure>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? t('OUTLOOK.HideTable') : t('OUTLOOK.ShowTable')}
          </Button>
        </Group>
        {showTable && (
          <Table.ScrollContainer minWidth={720} id={tableId}>
            <Table striped highlightOnHover captionSide="top" data-testid="outlook-table">
              <caption style={{ textAlign: 'start' }}>
                {t('OUTLOOK.ChartLabel', { plant: name })} ({unit})
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('OUTLOOK.Week')}</Table.Th>
                  <Table.Th scope="col">{t('OUTLOOK.WeekStart')}</Table.Th>
                  {OUTLOOK_CATEGORIES.map((c) => (
                    <Table.Th scope="col" key={c} ta="end">
                      {t(`OUTLOOK.Category.${c}`)}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col" ta="end">
                    {t('OUTLOOK.Total')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {weeks.map((w) => (
                  <Table.Tr key={w.week} data-over={w.over || undefined}>
                    <Table.Th scope="row">
                      <UnstyledButton
                        onClick={() => open(w)}
                        td="underline"
                        aria-label={t('OUTLOOK.ColumnLabel', {
                          plant: name,
                          week: w.isoWeek.slice(-2),
                          total: f.number(w.total),
                          confirmed: f.number(w.confirmed),
                          ordered: f.number(w.ordered),
                          planned: f.number(w.planned),
                          expected: f.number(w.expected),
                        })}
                      >
                        {w.isoWeek.slice(-2)}
                      </UnstyledButton>
                    </Table.Th>
                    <Table.Td>{f.date(w.week)}</Table.Td>
                    {OUTLOOK_CATEGORIES.map((c) => (
                      <Table.Td key={c} ta="end">
                        {f.number(w[c])}
                      </Table.Td>
                    ))}
                    <Table.Td ta="end" fw={w.over ? 700 : undefined} c={w.over ? 'red.9' : undefined}>
                      {f.number(w.total)}
                      {w.over ? ` (${t('OUTLOOK.OverCapacity')})` : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
