import { Badge, Button, Divider, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMail, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberCandidate, MemberInput } from '../../../../shared/schemas/project-onboarding';
import type { Member } from '../../../../shared/schemas/projects';
import { confirmAction } from '../../../components/confirm';
import { RoleKeysSelect, UserSelect } from '../../../components/member-fields';
import { memberName } from '../../../lib/member-roles';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMembers } from '../api/get-members';
import { useAddMember, useChangeMemberRoles, useRemoveMember } from '../api/manage-members';
import { InviteMemberForm } from './invite-member-form';

type RoleKeys = MemberInput['memberRoleKeys'];

/** Add users of the tenant or invite new ones, change member roles, remove members (internal users). */
export function ManageMembersDialog({ rootUnitId, onClose }: { rootUnitId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const members = useMembers(rootUnitId);
  const [inviting, setInviting] = useState(false);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('MEMBER.Manage.Title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      <Stack gap="md">
        {inviting ? (
          <InviteMemberForm rootUnitId={rootUnitId} onDone={() => setInviting(false)} />
        ) : (
          <AddMemberForm rootUnitId={rootUnitId} onInvite={() => setInviting(true)} />
        )}
        <Divider />
        <Table verticalSpacing="xs" data-testid="manage-members-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('MEMBER.Manage.User')}</Table.Th>
              <Table.Th>{t('MEMBER.RolesLabel')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('MEMBER.Manage.Actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data?.map((m) => (
              <MemberRow key={`${m.userID}:${m.memberRoleKeys.join(',')}`} rootUnitId={rootUnitId} member={m} />
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('COMMON.Close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AddMemberForm({ rootUnitId, onInvite }: { rootUnitId: number; onInvite: () => void }) {
  const { t } = useTranslation();
  const add = useAddMember(rootUnitId);
  const [user, setUser] = useState<MemberCandidate | null>(null);
  const [roles, setRoles] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (!user) return setError(t('VALIDATION.IsRequired'));
    if (roles.length === 0) return setError(t('MEMBER.Manage.RoleRequired'));
    try {
      await add.mutateAsync({ userID: user.userID, memberRoleKeys: roles as RoleKeys });
      notifySuccess(t('MEMBER.Manage.Added', { name: memberName(user, user.userLogin) }));
      setUser(null);
      setRoles([]);
      setError(undefined);
    } catch (err) {
      notifyError(err, t('MEMBER.Manage.Failed'));
    }
  };
  return (
    <Stack gap="xs" data-testid="add-member-form">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6">
          {t('MEMBER.Manage.AddTitle')}
        </Title>
        <Button size="xs" variant="subtle" leftSection={<IconMail size={16} aria-hidden />} onClick={onInvite}>
          {t('MEMBER.Invite.Open')}
        </Button>
      </Group>
      <Group align="flex-start" wrap="wrap">
        <div style={{ flex: 3, minWidth: 240 }}>
          <UserSelect
            path={`projects/${rootUnitId}/member-candidates`}
            value={user}
            onChange={(u) => {
              setUser(u);
              setError(undefined);
              if (u && roles.length === 0) setRoles(u.roleKeys);
            }}
            error={!user ? error : undefined}
          />
        </div>
        <div style={{ flex: 2, minWidth: 200 }}>
          <RoleKeysSelect value={roles} onChange={setRoles} error={user && roles.length === 0 ? error : undefined} />
        </div>
        <Button
          mt={25}
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => void submit()}
          loading={add.isPending}
        >
          {t('MEMBER.Manage.Add')}
        </Button>
      </Group>
    </Stack>
  );
}

function MemberRow({ rootUnitId, member }: { rootUnitId: number; member: Member }) {
  const { t } = useTranslation();
  const change = useChangeMemberRoles(rootUnitId);
  const remove = useRemoveMember(rootUnitId);
  const [roles, setRoles] = useState<string[]>(member.memberRoleKeys);
  const name = memberName(member, t('MEMBER.Unnamed'));
  const dirty = roles.join(',') !== member.memberRoleKeys.join(',');
  const save = async () => {
    try {
      await change.mutateAsync({ userId: member.userID, input: { memberRoleKeys: roles as RoleKeys } });
      notifySuccess(t('MEMBER.Manage.RolesSaved', { name }));
    } catch (err) {
      notifyError(err, t('MEMBER.Manage.Failed'));
    }
  };
  const removeMember = async () => {
    const ok = await confirmAction({
      title: t('MEMBER.Manage.RemoveTitle'),
      message: t('MEMBER.Manage.RemoveMessage', { name }),
      confirmLabel: t('MEMBER.Manage.Remove'),
      danger: true,
    });
    if (!ok) return;
    try {
      const { movedTasks } = await remove.mutateAsync(member.userID);
      notifySuccess(t('MEMBER.Manage.Removed', { name, count: movedTasks }));
    } catch (err) {
      notifyError(err, t('MEMBER.Manage.Failed'));
    }
  };
  return (
    <Table.Tr data-testid="manage-member-row">
      <Table.Td>
        <Stack gap={0}>
          <Group gap={6}>
            <Text fw={500} size="sm">
              {name}
            </Text>
            {member.isInternal && (
              <Badge size="xs" variant="light">
                {t('MEMBER.Manage.Internal')}
              </Badge>
            )}
            {!member.isActive && (
              <Badge size="xs" variant="light" color="gray" data-testid="member-inactive">
                {t('MEMBER.Inactive')}
              </Badge>
            )}
          </Group>
          {member.userLogin && (
            <Text size="xs" c="dimmed">
              {member.userLogin}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td miw={220}>
        <RoleKeysSelect
          label={t('MEMBER.Manage.RolesOf', { name })}
          value={roles}
          onChange={setRoles}
          error={roles.length === 0 ? t('MEMBER.Manage.RoleRequired') : undefined}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {dirty && (
            <Button size="xs" onClick={() => void save()} loading={change.isPending} disabled={roles.length === 0}>
              {t('COMMON.Save')}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => void removeMember()}
            loading={remove.isPending}
            aria-label={t('MEMBER.Manage.RemoveNamed', { name })}
          >
            {t('MEMBER.Manage.Remove')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
