import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStateLabel } from '../../../components/state-badge';
import { apiData } from '../../../lib/config';
import { useFormatters } from '../../../lib/format';
import { filterQuery, useOutlookFigures, type OutlookFilter } from '../api/outlook';
import { ExportButtons } from './export-buttons';

/** Review and delivery figures of the last 90 days: review rounds, deliveries on time, state durations, the longest waiting. */
export function OutlookFigures({ filter }: { filter: Omit<OutlookFilter, 'material'> }) {
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
