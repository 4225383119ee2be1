import { Button, Divider, Group, Modal, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMembers } from '../api/get-members';
import { AddMemberForm } from './add-member-form';
import { InviteMemberForm } from './invite-member-form';
import { MemberRow } from './member-row';

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
