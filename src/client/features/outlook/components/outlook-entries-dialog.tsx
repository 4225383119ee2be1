import { Anchor, Group, Loader, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiData } from '../../../lib/config';
import { useFormatters } from '../../../lib/format';
import { closeLabel } from '../../../lib/notify';
import { filterQuery, useOutlookEntries, type Column, type OutlookFilter } from '../api/outlook';
import { ExportButtons } from './export-buttons';

/** The projects and lots behind one plant's week of the chart, with their export. */
export function OutlookEntriesDialog({
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
