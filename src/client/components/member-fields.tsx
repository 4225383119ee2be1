import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberCandidate } from '../../shared/schemas/project-onboarding';
import { roleKeys } from '../../shared/rules/role-keys';
import { memberName, roleLabelKey } from '../lib/member-roles';
import { memberCandidatesQuery } from '../lib/project-creation';

export const candidateLabel = (c: MemberCandidate, fallback: string) =>
  `${memberName({ ...c, userLogin: c.userLogin }, fallback)} · ${c.userLogin}${c.companyName ? ` · ${c.companyName}` : ''}`;

type UserSelectProps = {
  /** `projects/member-candidates` (new project) or `projects/{rootId}/member-candidates`. */
  path: string;
  value: MemberCandidate | null;
  onChange: (candidate: MemberCandidate | null) => void;
  /** Users already chosen elsewhere in the form. */
  exclude?: number[];
  label?: string;
  error?: string;
};

/** A searchable choice of a user of the tenant; the server searches name, login and company. */
export function UserSelect({ path, value, onChange, exclude = [], label, error }: UserSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const candidates = useQuery(memberCandidatesQuery(path, debounced));
  const options = useMemo(() => {
    const list = (candidates.data ?? []).filter((c) => !exclude.includes(c.userID) || c.userID === value?.userID);
    if (value && !list.some((c) => c.userID === value.userID)) list.unshift(value);
    return list;
  }, [candidates.data, exclude, value]);
  return (
    <Select
      label={label ?? t('MEMBER.Manage.User')}
      placeholder={t('MEMBER.Manage.SearchUser')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters; the list shows what it found.
      filter={({ options: all }) => all}
      data={options.map((c) => ({ value: String(c.userID), label: candidateLabel(c, t('MEMBER.Unnamed')) }))}
      value={value ? String(value.userID) : null}
      onChange={(id) => onChange(options.find((c) => String(c.userID) === id) ?? null)}
      nothingFoundMessage={candidates.isFetching ? t('COMMON.Loading') : t('MEMBER.Manage.NoUserFound')}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid="member-user-select"
    />
  );
}

/**
 * The member's role keys (display roles; they decide who holds which task). Chosen roles show as
 * pills with a remove button and leave the list, so picking a pre-filled role again cannot remove it.
 */
export function RoleKeysSelect({
  value,
  onChange,
  error,
  label,
  required,
}: {
  value: string[];
  onChange: (keys: string[]) => void;
  error?: string;
  label?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={label ?? t('MEMBER.RolesLabel')}
      data={roleKeys.map((k) => ({ value: k, label: t(roleLabelKey(k)) }))}
      value={value}
      onChange={onChange}
      error={error}
      required={required}
      searchable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
      data-testid="member-roles-select"
    />
  );
}
