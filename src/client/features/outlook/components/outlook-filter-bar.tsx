import { Card, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { stateKeys } from '../../../../shared/schemas/project-unit';
import { useStateLabel } from '../../../components/state-badge';
import { useOutlookOptions, type OutlookFilter } from '../api/outlook';
import type { OutlookFilterState, OutlookNarrowing } from '../hooks/use-outlook-filter';
import { ExportButtons } from './export-buttons';

const rootStates = stateKeys.filter((s) =>
  ['Structuring', 'Preparing', 'PendingValidation', 'PendingContract', 'ProvideFiles', 'Closed'].includes(s),
);

/** The outlook's filter: material, sales organisation, plant, product type and project state; the export. */
export function OutlookFilterBar({
  filter,
  setMaterial,
  setNarrowing,
  exportHref,
}: Pick<OutlookFilterState, 'filter' | 'setMaterial' | 'setNarrowing' | 'exportHref'>) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const options = useOutlookOptions();
  const all = { value: '', label: t('OUTLOOK.All') };
  const select = (key: OutlookNarrowing, label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      data={[all, ...data]}
      value={filter[key] === undefined ? '' : String(filter[key])}
      allowDeselect={false}
      onChange={(v) => setNarrowing(key, v)}
      w={200}
    />
  );
  return (
    <Card withBorder padding="md">
      <Group align="end" gap="md" wrap="wrap">
        <div>
          <Text size="sm" fw={500} id="outlook-material">
            {t('OUTLOOK.Material')}
          </Text>
          <SegmentedControl
            aria-labelledby="outlook-material"
            value={filter.material}
            onChange={(v) => setMaterial(v as OutlookFilter['material'])}
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
  );
}
