import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserFilters } from '../api/get-users';
import type { useUserFilters } from '../hooks/use-user-filters';

/** The search field and the three filters above the users list. */
export function UserFilterBar({ search, setSearch, filters, setFilter }: ReturnType<typeof useUserFilters>) {
  const { t } = useTranslation();
  return (
    <Group mb="md" align="flex-end" wrap="wrap">
      <TextInput
        label={t('ADMIN.Users.Search')}
        placeholder={t('ADMIN.Users.SearchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={260}
        type="search"
      />
      <Select
        label={t('ADMIN.Users.Kind')}
        w={150}
        allowDeselect={false}
        value={filters.kind}
        onChange={(v) => setFilter('kind', (v ?? '') as UserFilters['kind'])}
        data={[
          { value: '', label: t('ADMIN.Users.KindAll') },
          { value: 'internal', label: t('ADMIN.Users.Internal') },
          { value: 'external', label: t('ADMIN.Users.External') },
        ]}
      />
      <Select
        label={t('ADMIN.Users.Status')}
        w={170}
        allowDeselect={false}
        value={filters.status}
        onChange={(v) => setFilter('status', (v ?? '') as UserFilters['status'])}
        data={[
          { value: '', label: t('ADMIN.Users.StatusAll') },
          ...(['active', 'invited', 'deactivated'] as const).map((s) => ({
            value: s,
            label: t(`ADMIN.Users.StatusValue.${s}`),
          })),
        ]}
      />
      <Select
        label={t('ADMIN.Users.SignIn')}
        w={180}
        allowDeselect={false}
        value={filters.signIn}
        onChange={(v) => setFilter('signIn', (v ?? '') as UserFilters['signIn'])}
        data={[
          { value: '', label: t('ADMIN.Users.SignInAll') },
          { value: 'password', label: t('ADMIN.Users.SignInPassword') },
          { value: 'company', label: t('ADMIN.Users.SignInCompany') },
        ]}
      />
    </Group>
  );
}
