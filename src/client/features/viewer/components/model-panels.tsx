import { ActionIcon, Checkbox, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SelectedModelElement } from '../../../components/model-viewer-slot';
import { Tooltip } from '../../../components/tooltip';
import type { Group3 } from './model-data';

type FiltersProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  storeys: Group3[];
  categories: Group3[];
  onToggleStorey: (index: number) => void;
  onToggleCategory: (index: number) => void;
};

/** Storeys and classes to show or hide, in a panel beside the model that folds away behind a button. */
export function ModelFilters({ open, onOpenChange, storeys, categories, ...on }: FiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      {!open && (
        <Paper withBorder p={4} style={{ flexShrink: 0 }}>
          <Tooltip label={t('VIEWER.Model.ShowFilters')} position="right">
            <ActionIcon
              variant="subtle"
              aria-label={t('VIEWER.Model.ShowFilters')}
              aria-expanded={false}
              aria-controls="model-filters"
              onClick={() => onOpenChange(true)}
            >
              <IconLayoutSidebarLeftExpand size={18} />
            </ActionIcon>
          </Tooltip>
        </Paper>
      )}
      <Paper withBorder w={200} p="xs" id="model-filters" style={{ flexShrink: 0, display: open ? undefined : 'none' }}>
        <ScrollArea h="100%">
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Title order={3} size="sm">
              {t('VIEWER.Model.Storeys')}
            </Title>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('VIEWER.Model.HideFilters')}
              aria-expanded
              aria-controls="model-filters"
              onClick={() => onOpenChange(false)}
            >
              <IconLayoutSidebarLeftCollapse size={16} />
            </ActionIcon>
          </Group>
          <Stack gap={4} mb="sm">
            {storeys.map((g, i) => (
              <Checkbox
                key={g.label + i}
                size="xs"
                label={g.label}
                checked={g.visible}
                onChange={() => on.onToggleStorey(i)}
              />
            ))}
          </Stack>
          <Title order={3} size="sm" mb={4}>
            {t('VIEWER.Model.Categories')}
          </Title>
          <Stack gap={4}>
            {categories.map((g, i) => (
              <Checkbox
                key={g.label}
                size="xs"
                label={`${g.label} (${g.ids.length})`}
                checked={g.visible}
                onChange={() => on.onToggleCategory(i)}
              />
            ))}
          </Stack>
        </ScrollArea>
      </Paper>
    </>
  );
}

/** The clicked element's name, type, GlobalId and properties (the IFC attributes left out). */
export function ModelProperties({ selected }: { selected: SelectedModelElement | null }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" mah={220} style={{ overflow: 'auto' }} data-testid="model-properties">
      {selected ? (
        <Table fz="xs" verticalSpacing={2}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>{t('VIEWER.Model.Name')}</Table.Th>
              <Table.Td>{selected.name ?? '–'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('VIEWER.Model.Type')}</Table.Th>
              <Table.Td>{selected.type ?? '–'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('VIEWER.Model.GlobalId')}</Table.Th>
              <Table.Td ff="monospace">{selected.globalId ?? '–'}</Table.Td>
            </Table.Tr>
            {selected.properties
              .filter((p) => p.group !== 'IFC')
              .map((p, i) => (
                <Table.Tr key={i}>
                  <Table.Th>
                    {p.group ? `${p.group} · ` : ''}
                    {p.name}
                  </Table.Th>
                  <Table.Td>{p.value}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {t('VIEWER.Model.NoSelection')}
        </Text>
      )}
    </Paper>
  );
}
