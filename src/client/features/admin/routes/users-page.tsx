import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCopy,
  IconMailForward,
  IconPencil,
  IconPlayerPlay,
  IconSearch,
  IconUserOff,
  IconLogout,
  IconUserPlus,
} from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../shared/schemas/users';
import { confirmAction } from '../../../components/confirm';
import { useEndUserSessions } from '../api/end-user-sessions';
import { usePagedList } from '../../../lib/use-paged-list';
import { DataTable } from '../../../components/data-table';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeUserState, type UserStateAction } from '../api/change-user-state';
import { useCompanySignIn } from '../api/get-company-sign-in';
import { useSalesOrgs } from '../api/get-sales-orgs';
import { useUsers, type UserFilters } from '../api/get-users';
import { InvitationLinkDialog } from '../components/invitation-link-dialog';
import { UserDialog } from '../components/user-dialog';

const pageSizes = [10, 20, 50, 100];
const statusColor = { active: 'teal', invited: 'blue', deactivated: 'gray' } as const;

const nameOf = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.login;

/** home/app/admin/users: the tenant's users; invite, edit, deactivate and reactivate. */
export function UsersPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<Omit<UserFilters, 'search'>>({ kind: '', status: '', signIn: '' });
  const paging = usePagedList({ pageSizes, defaultPageSize: 20 });
  const { setPage } = paging;
  const users = useUsers({ ...filters, search: debounced }, paging.page, paging.pageSize);
  const salesOrgs = useSalesOrgs();
  const companySignIn = useCompanySignIn();
  const change = useChangeUserState();
  const endSessions = useEndUserSessions();
  const [dialog, setDialog] = useState<{ user?: AdminUser } | null>(null);
  const [linkFor, setLinkFor] = useState<AdminUser | null>(null);

  const setFilter = <K extends keyof typeof filters>(key: K, value: (typeof filters)[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const columns = useMemo<ColumnDef<AdminUser, unknown>[]>(() => {
    const run = async (u: AdminUser, action: UserStateAction) => {
      if (action === 'deactivate') {
        const ok = await confirmAction({
          title: t('ADMIN.Users.DeactivateTitle'),
          message: t('ADMIN.Users.DeactivateMessage', { name: nameOf(u) }),
          confirmLabel: t('ADMIN.Users.Deactivate'),
          danger: true,
        });
        if (!ok) return;
      }
      const done = {
        deactivate: t('ADMIN.Users.Deactivated', { name: nameOf(u) }),
        reactivate: t('ADMIN.Users.Reactivated', { name: nameOf(u) }),
        invitation: t('ADMIN.Users.Resent'),
      }[action];
      change.mutate({ id: u.userID, action }, { onSuccess: () => notifySuccess(done), onError: (e) => notifyError(e) });
    };
    const endAll = async (u: AdminUser) => {
      const ok = await confirmAction({
        title: t('ADMIN.Users.EndSessionsTitle'),
        message: t('ADMIN.Users.EndSessionsMessage', { name: nameOf(u) }),
        confirmLabel: t('ADMIN.Users.EndSessions'),
        danger: true,
      });
      if (!ok) return;
      endSessions.mutate(u.userID, {
        onSuccess: (r) => notifySuccess(t('ADMIN.Users.SessionsEnded', { name: nameOf(u), count: r.ended })),
        onError: (e) => notifyError(e),
      });
    };
    const action = (label: string, icon: ReactNode, onClick: () => void, color?: string) => (
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label}>
          {icon}
        </ActionIcon>
      </Tooltip>
    );
    return [
      {
        id: 'name',
        header: t('ADMIN.Users.Name'),
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text fw={500} size="sm">
              {nameOf(row.original)}
            </Text>
            <Text size="xs" c="dimmed">
              {row.original.login}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'kind',
        header: t('ADMIN.Users.Kind'),
        cell: ({ row }) => (
          <Group gap={4}>
            <Text size="sm">{t(row.original.isInternal ? 'ADMIN.Users.Internal' : 'ADMIN.Users.External')}</Text>
            {row.original.isAdmin && (
              <Badge size="xs" variant="outline" color="gray.8">
                {t('ADMIN.Users.Admin')}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        id: 'signIn',
        header: t('ADMIN.Users.SignIn'),
        cell: ({ row }) => t(row.original.isExternalLogin ? 'ADMIN.Users.SignInCompany' : 'ADMIN.Users.SignInPassword'),
      },
      {
        id: 'salesOrg',
        header: t('ADMIN.Users.SalesOrg'),
        cell: ({ row }) => salesOrgs.data?.find((s) => s.salesOrgID === row.original.salesOrgID)?.salesOrgKey ?? '–',
      },
      { id: 'language', header: t('ADMIN.Users.Language'), cell: ({ row }) => t(`LANGUAGES.${row.original.language}`) },
      {
        id: 'status',
        header: t('ADMIN.Users.Status'),
        cell: ({ row }) => (
          <Stack gap={2}>
            <Badge color={statusColor[row.original.status]} variant="light" miw="max-content">
              {t(`ADMIN.Users.StatusValue.${row.original.status}`)}
            </Badge>
            {row.original.invitationExpiresAt && (
              <Text size="xs" c="dimmed">
                {t('ADMIN.Users.InvitationUntil', { date: fmt.dateTime(row.original.invitationExpiresAt) })}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        id: 'actions',
        header: () => <VisuallyHidden>{t('ADMIN.Actions')}</VisuallyHidden>,
        cell: ({ row }) => {
          const u = row.original;
          const name = nameOf(u);
          return (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {action(`${t('COMMON.Edit')}: ${name}`, <IconPencil size={18} aria-hidden />, () =>
                setDialog({ user: u }),
              )}
              {u.invitationByMe &&
                action(`${t('MEMBER.Invitation.CopyLink')}: ${name}`, <IconCopy size={18} aria-hidden />, () =>
                  setLinkFor(u),
                )}
              {u.status === 'invited' &&
                action(
                  `${t('ADMIN.Users.Resend')}: ${name}`,
                  <IconMailForward size={18} aria-hidden />,
                  () => void run(u, 'invitation'),
                )}
              {u.status === 'active' &&
                u.userID !== me.data?.userID &&
                action(
                  `${t('ADMIN.Users.EndSessions')}: ${name}`,
                  <IconLogout size={18} aria-hidden />,
                  () => void endAll(u),
                )}
              {u.status === 'deactivated'
                ? action(
                    `${t('ADMIN.Users.Reactivate')}: ${name}`,
                    <IconPlayerPlay size={18} aria-hidden />,
                    () => void run(u, 'reactivate'),
                  )
                : u.userID !== me.data?.userID &&
                  action(
                    `${t('ADMIN.Users.Deactivate')}: ${name}`,
                    <IconUserOff size={18} aria-hidden />,
                    () => void run(u, 'deactivate'),
                    'red.8',
                  )}
            </Group>
          );
        },
      },
    ];
  }, [t, fmt, salesOrgs.data, change, endSessions, me.data?.userID]);

  return (
    <Card withBorder radius="md" maw={1300}>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h3">
          {t('ADMIN.Users.PageTitle')}
        </Title>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => setDialog({})}
          disabled={!salesOrgs.data}
        >
          {t('ADMIN.Users.Invite')}
        </Button>
      </Group>
      <Group mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('ADMIN.Users.Search')}
          placeholder={t('ADMIN.Users.SearchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
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
      <DataTable
        data={users.data?.data}
        columns={columns}
        total={users.data?.count ?? 0}
        paging={paging}
        loading={users.isFetching}
        empty={t('ADMIN.Users.Empty')}
        getRowId={(u) => String(u.userID)}
        rowProps={(u) => ({ 'data-testid': `user-row-${u.login}` })}
      />
      {users.isError && (
        <Alert color="red" role="alert" mt="md">
          {apiErrorText(users.error)}
        </Alert>
      )}
      {linkFor && (
        <InvitationLinkDialog userId={linkFor.userID} name={nameOf(linkFor)} onClose={() => setLinkFor(null)} />
      )}
      {dialog && salesOrgs.data && (
        <UserDialog
          user={dialog.user}
          salesOrgs={salesOrgs.data}
          companySignInAvailable={!!companySignIn.data?.configured}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
