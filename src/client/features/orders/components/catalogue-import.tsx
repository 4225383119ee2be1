import { Alert, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconFileImport, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueKind, ImportReport } from '../../../../shared/schemas/orders';
import { notifyError } from '../../../lib/notify';
import { useImportCatalogue } from '../api/import-catalogue';

const columnsOf: Record<CatalogueKind, string> = {
  aac: 'articleNo; title; thicknessMm; widthMm; minLengthMm; maxLengthMm; lengthStepMm; palletCapacity; colorIndex; active',
  lintel: 'itemNo; title; type; thicknessMm; lengthMm; heightMm; piecesPerPallet; active',
};

/** Upload → validation report with row and reason for every refused row. */
export function CatalogueImport({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation();
  const upload = useImportCatalogue();
  const [report, setReport] = useState<ImportReport | null>(null);

  const onFile = async (file: File | null) => {
    if (!file) return;
    setReport(null);
    const csv = await file.text();
    upload.mutate({ kind, csv }, { onSuccess: setReport, onError: (err) => notifyError(err) });
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('CATALOGUE.ImportHint')}</Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {t('CATALOGUE.Columns', { columns: columnsOf[kind] })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('CATALOGUE.TitleColumns')}
      </Text>
      <Group>
        <FileButton onChange={onFile} accept=".csv,text/csv">
          {(props) => (
            <Button
              {...props}
              leftSection={<IconFileImport size={16} />}
              loading={upload.isPending}
              data-testid={`import-${kind}`}
            >
              {t('CATALOGUE.Import')}
            </Button>
          )}
        </FileButton>
      </Group>
      {report?.applied && (
        <Alert color="teal" icon={<IconCheck size={18} />} data-testid="import-applied">
          {t('CATALOGUE.Applied', { ...report, count: report.rows })}
        </Alert>
      )}
      {report && !report.applied && (
        <Alert
          color="red"
          icon={<IconX size={18} />}
          title={t('CATALOGUE.Refused', { count: report.problems.length })}
          data-testid="import-refused"
        >
          <Table.ScrollContainer minWidth={480} mah={320}>
            <Table fz="sm" withRowBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('CATALOGUE.Report.Row')}</Table.Th>
                  <Table.Th>{t('CATALOGUE.Report.Column')}</Table.Th>
                  <Table.Th>{t('CATALOGUE.Report.Reason')}</Table.Th>
                  <Table.Th>{t('CATALOGUE.Report.Value')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.problems.map((p, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{p.row}</Table.Td>
                    <Table.Td>{p.column}</Table.Td>
                    <Table.Td>{t(p.reason)}</Table.Td>
                    <Table.Td>{p.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Alert>
      )}
    </Stack>
  );
}
