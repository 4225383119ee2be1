import { ActionIcon, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconLogout, IconMailForward, IconPencil, IconPlayerPlay, IconUserOff } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesOrg } from '../../../../shared/schemas/admin';
import type { AdminUser } from '../../../../shared/schemas/users';
import { Tooltip } from '../../../components/tooltip';
import { useFormatters } from '../../../lib/format';
import type { UserStateAction } from '../api/change-user-state';
import { userName } from '../hooks/use-user-actions';

const statusColor = { active: 'teal', invited: 'blue', deactivated: 'gray' } as const;

type Handlers = {
  onEdit: (u: AdminUser) => void;
  onCopyLink: (u: AdminUser) => void;
  onChangeState: (u: AdminUser, action: UserStateAction) => Promise<void>;
  onEndSessions: (u: AdminUser) => Promise<void>;
};

function action(label: string, icon: ReactNode, onClick: () => void, color?: string) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The columns of the users list. The actions of a row follow its state: no deactivating or
 * ending the sessions of oneself, the link only for an invitation one sent oneself.
 */
export function useUsersColumns(
  salesOrgs: SalesOrg[] | undefined,
  myUserId: number | undefined,
  { onEdit, onCopyLink, onChangeState, onEndSessions }: Handlers,
): ColumnDef<AdminUser, unknown>[] {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return useMemo<ColumnDef<AdminUser, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('ADMIN.Users.Name'),
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text fw={500} size="sm">
              {userName(row.original)}
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
        cell: ({ row }) => salesOrgs?.find((s) => s.salesOrgID === row.original.salesOrgID)?.salesOrgKey ?? '–',
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
          const name = userName(u);
          const me = u.userID === myUserId;
          return (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {action(`${t('COMMON.Edit')}: ${name}`, <IconPencil size={18} aria-hidden />, () => onEdit(u))}
              {u.invitationByMe &&
                action(`${t('MEMBER.Invitation.CopyLink')}: ${name}`, <IconCopy size={18} aria-hidden />, () =>
                  onCopyLink(u),
                )}
              {u.status === 'invited' &&
                action(
                  `${t('ADMIN.Users.Resend')}: ${name}`,
                  <IconMailForward size={18} aria-hidden />,
                  () => void onChangeState(u, 'invitation'),
                )}
              {u.status === 'active' &&
                !me &&
                action(
                  `${t('ADMIN.Users.EndSessions')}: ${name}`,
                  <IconLogout size={18} aria-hidden />,
                  () => void onEndSessions(u),
                )}
              {u.status === 'deactivated'
                ? action(
                    `${t('ADMIN.Users.Reactivate')}: ${name}`,
                    <IconPlayerPlay size={18} aria-hidden />,
                    () => void onChangeState(u, 'reactivate'),
                  )
                : !me &&
                  action(
                    `${t('ADMIN.Users.Deactivate')}: ${name}`,
                    <IconUserOff size={18} aria-hidden />,
                    () => void onChangeState(u, 'deactivate'),
                    'red.8',
                  )}
            </Group>
          );
        },
      },
    ],
    [t, fmt, salesOrgs, myUserId, onEdit, onCopyLink, onChangeState, onEndSessions],
  );
}
