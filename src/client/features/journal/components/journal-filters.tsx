import { Group, MultiSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JournalFilter } from '../api/get-journal';

export const journalTypes = ['approvallot', 'project', 'subproject'];

/** Filters of the journal: name, number, type (multi-select), user. */
export function JournalFilters({ value, onChange }: { value: JournalFilter; onChange: (next: JournalFilter) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<JournalFilter>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('JOURNAL.FilterName')}
        value={value.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        leftSection={<IconSearch size={14} aria-hidden />}
        w={200}
      />
      <TextInput
        label={t('JOURNAL.FilterNumber')}
        value={value.number}
        onChange={(e) => set({ number: e.currentTarget.value })}
        w={160}
      />
      <MultiSelect
        label={t('JOURNAL.FilterType')}
        data={journalTypes.map((type) => ({ value: type, label: t(`JOURNAL.Types.${type}`) }))}
        value={value.types}
        onChange={(types) => set({ types })}
        clearable
        w={260}
      />
      <TextInput
        label={t('JOURNAL.FilterUser')}
        value={value.user}
        onChange={(e) => set({ user: e.currentTarget.value })}
        w={220}
      />
    </Group>
  );
}
