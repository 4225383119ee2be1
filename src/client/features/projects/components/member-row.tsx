import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { memberRolesInputSchema, type MemberRolesInput } from '../../../../shared/schemas/project-onboarding';
import type { Member } from '../../../../shared/schemas/projects';
import { confirmAction } from '../../../components/confirm';
import { RoleKeysSelect } from '../../../components/member-fields';
import { ServerMessages } from '../../../components/server-messages';
import { memberName } from '../../../lib/member-roles';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeMemberRoles, useRemoveMember } from '../api/manage-members';

type RoleKeys = MemberRolesInput['memberRoleKeys'];

/** A member of the project: their roles, saved when changed, and removal after a confirmation. */
export function MemberRow({ rootUnitId, member }: { rootUnitId: number; member: Member }) {
  const { t } = useTranslation();
  const change = useChangeMemberRoles(rootUnitId);
  const remove = useRemoveMember(rootUnitId);
  const { form, errorText, valid, output } = useSchemaForm(memberRolesInputSchema, {
    memberRoleKeys: member.memberRoleKeys as RoleKeys,
  });
  const name = memberName(member, t('MEMBER.Unnamed'));
  const save = () => {
    if (change.isPending || !output) return;
    change.mutate(
      { userId: member.userID, input: output },
      { onSuccess: () => notifySuccess(t('MEMBER.Manage.RolesSaved', { name })) },
    );
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
        <Stack gap="xs">
          <RoleKeysSelect
            label={t('MEMBER.Manage.RolesOf', { name })}
            value={form.values.memberRoleKeys}
            onChange={(keys) => form.setFieldValue('memberRoleKeys', keys as RoleKeys)}
            error={errorText(form.errors.memberRoleKeys) as string | undefined}
          />
          <ServerMessages error={change.error} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {form.isDirty() && (
            <Button size="xs" onClick={save} loading={change.isPending} disabled={!valid || change.isPending}>
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
