import { Button, Group, Stack, Title } from '@mantine/core';
import { IconMail, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  memberInputSchema,
  type MemberCandidate,
  type MemberInput,
} from '../../../../shared/schemas/project-onboarding';
import { RoleKeysSelect, UserSelect } from '../../../components/member-fields';
import { ServerMessages } from '../../../components/server-messages';
import { memberName } from '../../../lib/member-roles';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAddMember } from '../api/manage-members';

type RoleKeys = MemberInput['memberRoleKeys'];

/** The form picks a candidate (the select's value); the pipe makes it the API's input. */
const addMemberFormSchema = z
  .object({
    user: z.custom<MemberCandidate | null>().refine((user) => user !== null, 'VALIDATION.IsRequired'),
    memberRoleKeys: memberInputSchema.shape.memberRoleKeys,
  })
  .transform(({ user, memberRoleKeys }) => ({ userID: user?.userID, memberRoleKeys }))
  .pipe(memberInputSchema);

/** Adds a user of the tenant with roles (their usual roles preselected); or switches to inviting a new one. */
export function AddMemberForm({ rootUnitId, onInvite }: { rootUnitId: number; onInvite: () => void }) {
  const { t } = useTranslation();
  const add = useAddMember(rootUnitId);
  const { form, errorText, valid, output } = useSchemaForm(addMemberFormSchema, {
    user: null,
    memberRoleKeys: [],
  });
  const { user, memberRoleKeys: roles } = form.values;
  const submit = form.onSubmit(() => {
    if (add.isPending || !output || !user) return;
    add.mutate(output, {
      onSuccess: () => {
        notifySuccess(t('MEMBER.Manage.Added', { name: memberName(user, user.userLogin) }));
        form.reset();
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate data-testid="add-member-form">
      <Stack gap="xs">
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
              onChange={(candidate) => {
                form.setFieldValue('user', candidate);
                if (candidate && roles.length === 0)
                  form.setFieldValue('memberRoleKeys', candidate.roleKeys as RoleKeys);
              }}
              error={errorText(form.errors.user) as string | undefined}
            />
          </div>
          <div style={{ flex: 2, minWidth: 200 }}>
            <RoleKeysSelect
              value={roles}
              onChange={(keys) => form.setFieldValue('memberRoleKeys', keys as RoleKeys)}
              error={errorText(form.errors.memberRoleKeys) as string | undefined}
            />
          </div>
          <Button
            type="submit"
            mt={25}
            leftSection={<IconUserPlus size={16} aria-hidden />}
            loading={add.isPending}
            disabled={!valid || add.isPending}
          >
            {t('MEMBER.Manage.Add')}
          </Button>
        </Group>
        <ServerMessages error={add.error} />
      </Stack>
    </form>
  );
}
