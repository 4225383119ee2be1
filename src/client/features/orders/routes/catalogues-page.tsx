import { Card, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CatalogueImport } from '../components/catalogue-import';
import { AacCatalogueTable, LintelCatalogueTable } from '../components/catalogue-tables';

/** Each catalogue's import and table, in the order of the tabs. */
const catalogues = [
  { kind: 'aac', label: 'CATALOGUE.Aac', Table: AacCatalogueTable },
  { kind: 'lintel', label: 'CATALOGUE.Lintel', Table: LintelCatalogueTable },
] as const;

/** home/app/admin/catalogues — the tenant's AAC and lintel catalogues and their CSV import. */
export function CataloguesPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('CATALOGUE.Title')}
      </Title>
      <Tabs defaultValue="aac" keepMounted={false}>
        <Tabs.List>
          {catalogues.map(({ kind, label }) => (
            <Tabs.Tab key={kind} value={kind}>
              {t(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {catalogues.map(({ kind, Table }) => (
          <Tabs.Panel key={kind} value={kind} pt="md">
            <Stack gap="md">
              <Card withBorder radius="md">
                <CatalogueImport kind={kind} />
              </Card>
              <Card withBorder radius="md">
                <Table />
              </Card>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
