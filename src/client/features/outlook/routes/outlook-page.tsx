import { Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/not-found-page';
import { useCurrentUser } from '../../../lib/current-user';
import { useOutlookVolumes, type Column } from '../api/outlook';
import { CapacityCard } from '../components/capacity-card';
import { OutlookEntriesDialog } from '../components/outlook-entries-dialog';
import { OutlookFigures } from '../components/outlook-figures';
import { OutlookFilterBar } from '../components/outlook-filter-bar';
import { VolumeChart } from '../components/volume-chart';
import { useOutlookFilter } from '../hooks/use-outlook-filter';

/** The manufacturer's outlook: volumes per plant and week, review and delivery figures (internal users). */
export function OutlookPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  if (!user.isInternal && !user.isAdmin) return <NotFoundPage />;
  return <Outlook isAdmin={user.isAdmin} />;
}

function Outlook({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const filters = useOutlookFilter();
  // The chart column whose projects and lots are listed, or none.
  const [column, setColumn] = useState<Column | null>(null);
  const volumes = useOutlookVolumes(filters.filter);
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
      <OutlookFilterBar {...filters} />
      {volumes.isPending && <Loader aria-label={t('OUTLOOK.Title')} />}
      {volumes.data && volumes.data.rows.length === 0 && <Text>{t('OUTLOOK.NoData')}</Text>}
      {volumes.data?.plants.map((plant) => (
        <VolumeChart key={plant.plantId ?? 'none'} plant={plant} volumes={volumes.data} onOpen={setColumn} />
      ))}
      <OutlookEntriesDialog filter={filters.filter} column={column} onClose={() => setColumn(null)} />
      <OutlookFigures filter={filters.figuresFilter} />
      {isAdmin && <CapacityCard />}
    </Stack>
  );
}
