import {
  Alert,
  Badge,
  Box,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelComparisonView } from '../../../../shared/schemas/compare';
import { LIMITS } from '../../../../shared/schemas/limits';
import { apiErrorText } from '../../../lib/notify';

/** Colours of the comparison in the model and the list. */
// Colours no model material or viewer highlight uses (the terrain is green, the pick blue, highlights orange).
export const MODEL_DIFF_COLOURS = { added: '#ae3ec9', changed: '#1098ad', removed: '#e03131' } as const;

type Status = keyof typeof MODEL_DIFF_COLOURS;
type Item = {
  status: Status;
  globalId: string;
  type: string;
  name: string;
  changes: ModelComparisonView['changed'][number]['changes'];
};

type Props = {
  comparison: { data?: ModelComparisonView | null; isPending: boolean; isError: boolean; error: unknown };
  earlier: number[];
  against: number;
  onAgainstChange: (version: number) => void;
  selected: string | null;
  onSelect: (globalId: string) => void;
};

/** The list of a model comparison: added, removed and changed elements, filterable; a changed one shows what differs. */
export function ModelCompare({ comparison, earlier, against, onAgainstChange, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'all' | Status>('all');
  const [search, setSearch] = useState('');
  const data = comparison.data ?? null;
  const items: Item[] = useMemo(
    () =>
      data
        ? [
            ...data.added.map((e) => ({ ...e, status: 'added' as const, changes: [] })),
            ...data.changed.map((e) => ({ ...e, status: 'changed' as const })),
            ...data.removed.map((e) => ({ ...e, status: 'removed' as const, changes: [] })),
          ]
        : [],
    [data],
  );
  const needle = search.trim().toLowerCase();
  const shown = items.filter(
    (i) =>
      (filter === 'all' || i.status === filter) &&
      (!needle || `${i.name} ${i.type} ${i.globalId}`.toLowerCase().includes(needle)),
  );
  const typeLabel = (type: string) =>
    type
      .replace(/^IFC/, '')
      .toLowerCase()
      .replace(/^./, (c) => c.toUpperCase());

  return (
    <Box data-testid="model-compare" style={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Group gap="xs" p={6} wrap="wrap">
        <Select
          size="xs"
          w={150}
          aria-label={t('VIEWER.Compare.With')}
          allowDeselect={false}
          value={String(against)}
          data={earlier.map((v) => ({ value: String(v), label: t('VIEWER.Version', { version: v }) }))}
          onChange={(v) => v && onAgainstChange(Number(v))}
        />
        {data && (
          <Text size="sm" fw={600} data-testid="model-compare-summary">
            {t('VIEWER.Compare.ModelSummary', {
              added: data.added.length,
              removed: data.removed.length,
              changed: data.changed.length,
            })}
          </Text>
        )}
      </Group>
      {comparison.isPending ? (
        <Group gap="xs" p="xs">
          <Loader size="xs" />
          <Text size="sm">{t('VIEWER.Compare.Computing')}</Text>
        </Group>
      ) : comparison.isError ? (
        <Alert color="red" m="xs">
          {apiErrorText(comparison.error)}
        </Alert>
      ) : (
        <>
          <Group gap="xs" px={6} pb={6} wrap="wrap">
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(v) => setFilter(v as 'all' | Status)}
              data={[
                { value: 'all', label: t('VIEWER.Compare.Filter.all') },
                { value: 'added', label: t('VIEWER.Compare.Filter.added') },
                { value: 'changed', label: t('VIEWER.Compare.Filter.changed') },
                { value: 'removed', label: t('VIEWER.Compare.Filter.removed') },
              ]}
            />
            <TextInput
              size="xs"
              style={{ flex: 1, minWidth: 120 }}
              leftSection={<IconSearch size={14} />}
              aria-label={t('VIEWER.Compare.Search')}
              placeholder={t('VIEWER.Compare.Search')}
              maxLength={LIMITS.search}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          </Group>
          <ScrollArea style={{ flex: 1 }} px={6}>
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed" p="xs">
                {items.length === 0 ? t('VIEWER.Compare.NoModelChanges') : t('VIEWER.Compare.NothingFound')}
              </Text>
            ) : (
              <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('VIEWER.Compare.Elements')}>
                {shown.map((item) => (
                  <Box component="li" key={`${item.status}-${item.globalId}`} mb={4}>
                    <UnstyledButton
                      w="100%"
                      p={6}
                      data-testid="model-diff-item"
                      data-status={item.status}
                      aria-pressed={selected === item.globalId}
                      onClick={() => onSelect(item.globalId)}
                      style={{
                        borderRadius: 4,
                        borderLeft: `4px solid ${MODEL_DIFF_COLOURS[item.status]}`,
                        background: selected === item.globalId ? 'var(--mantine-color-blue-0)' : undefined,
                      }}
                    >
                      <Group gap={6} wrap="nowrap">
                        <Badge
                          size="xs"
                          variant="light"
                          color={{ added: 'grape', changed: 'cyan', removed: 'red' }[item.status]}
                        >
                          {t(`VIEWER.Compare.Filter.${item.status}`)}
                        </Badge>
                        <Text size="sm" truncate>
                          {item.name || item.globalId}
                        </Text>
                        <Text size="xs" c="dimmed" ml="auto">
                          {typeLabel(item.type)}
                        </Text>
                      </Group>
                    </UnstyledButton>
                    {selected === item.globalId && item.status === 'removed' && (
                      <Text size="xs" c="dimmed" px={6}>
                        {t('VIEWER.Compare.RemovedHint', { version: against })}
                      </Text>
                    )}
                    {selected === item.globalId && item.changes.length > 0 && (
                      <Table fz="xs" withRowBorders={false} data-testid="model-diff-changes" mt={2}>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{t('VIEWER.Compare.Property')}</Table.Th>
                            <Table.Th>{t('VIEWER.Compare.Before')}</Table.Th>
                            <Table.Th>{t('VIEWER.Compare.After')}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {item.changes.map((c) => (
                            <Table.Tr key={`${c.kind}-${c.name}`}>
                              <Table.Td>
                                {c.kind === 'geometry'
                                  ? t('VIEWER.Compare.Geometry')
                                  : c.kind === 'placement'
                                    ? t('VIEWER.Compare.Placement')
                                    : c.name}
                              </Table.Td>
                              <Table.Td>{c.before ?? '–'}</Table.Td>
                              <Table.Td>
                                {c.kind === 'geometry' ? t('VIEWER.Compare.GeometryChanged') : (c.after ?? '–')}
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    )}
                  </Box>
                ))}
              </Box>
            )}
          </ScrollArea>
        </>
      )}
    </Box>
  );
}
