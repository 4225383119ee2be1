import { Card, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CatalogueImport } from '../components/catalogue-import';
import { AacCatalogueTable, LintelCatalogueTable } from '../components/catalogue-tables';

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
          <Tabs.Tab value="aac">{t('CATALOGUE.Aac')}</Tabs.Tab>
          <Tabs.Tab value="lintel">{t('CATALOGUE.Lintel')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="aac" pt="md">
          <Stack gap="md">
            <Card withBorder radius="md">
              <CatalogueImport kind="aac" />
            </Card>
            <Card withBorder radius="md">
              <AacCatalogueTable />
            </Card>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="lintel" pt="md">
          <Stack gap="md">
            <Card withBorder radius="md">
              <CatalogueImport kind="lintel" />
            </Card>
            <Card withBorder radius="md">
              <LintelCatalogueTable />
            </Card>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
