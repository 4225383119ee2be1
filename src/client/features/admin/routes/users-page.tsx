import { Alert, Button, Card, Group, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../shared/schemas/users';
import { DataTable } from '../../../components/data-table';
import { useCurrentUser } from '../../../lib/current-user';
import { apiErrorText } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { useCompanySignIn } from '../api/get-company-sign-in';
import { useSalesOrgs } from '../api/get-sales-orgs';
import { useUsers } from '../api/get-users';
import { InvitationLinkDialog } from '../components/invitation-link-dialog';
import { UserDialog } from '../components/user-dialog';
import { UserFilterBar } from '../components/user-filter-bar';
import { useUsersColumns } from '../components/users-columns';
import { userName, useUserActions } from '../hooks/use-user-actions';
import { useUserFilters } from '../hooks/use-user-filters';

const pageSizes = [10, 20, 50, 100];

/** home/app/admin/users: the tenant's users; invite, edit, deactivate and reactivate. */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const paging = usePagedList({ pageSizes, defaultPageSize: 20 });
  const filters = useUserFilters(paging.setPage);
  const users = useUsers(filters.query, paging.page, paging.pageSize);
  const salesOrgs = useSalesOrgs();
  const companySignIn = useCompanySignIn();
  const { changeState, endAllSessions } = useUserActions();
  // The user dialog: a user to edit, 'new' to invite one, or closed.
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [linkFor, setLinkFor] = useState<AdminUser | null>(null);
  const columns = useUsersColumns(salesOrgs.data, me.data?.userID, {
    onEdit: setEditing,
    onCopyLink: setLinkFor,
    onChangeState: changeState,
    onEndSessions: endAllSessions,
  });

  return (
    <Card withBorder radius="md" maw={1300}>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h3">
          {t('ADMIN.Users.PageTitle')}
        </Title>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          disabled={!salesOrgs.data}
        >
          {t('ADMIN.Users.Invite')}
        </Button>
      </Group>
      <UserFilterBar {...filters} />
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
        <InvitationLinkDialog userId={linkFor.userID} name={userName(linkFor)} onClose={() => setLinkFor(null)} />
      )}
      {editing && salesOrgs.data && (
        <UserDialog
          user={editing === 'new' ? undefined : editing}
          salesOrgs={salesOrgs.data}
          companySignInAvailable={!!companySignIn.data?.configured}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
