import { Button, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageSchema, type Language } from '../../../../shared/schemas/common';
import { memberInvitationSchema, type MemberInvitation } from '../../../../shared/schemas/project-onboarding';
import { RoleKeysSelect } from '../../../components/member-fields';
import { ServerMessages } from '../../../components/server-messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useInviteMember } from '../api/manage-members';

type RoleKeys = MemberInvitation['memberRoleKeys'];

/**
 * Invites a new user by e-mail and adds them to the project with the chosen roles in one step;
 * the invitation goes out in the language chosen here.
 */
export function InviteMemberForm({ rootUnitId, onDone }: { rootUnitId: number; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const invite = useInviteMember(rootUnitId);
  const language = languageSchema.catch('de').parse(i18n.language);
  const { form, field, valid, output } = useSchemaForm(memberInvitationSchema, {
    email: '',
    firstName: '',
    lastName: '',
    isInternal: false,
    language,
    memberRoleKeys: [],
  });
  const submit = form.onSubmit(() => {
    if (invite.isPending || !output) return;
    invite.mutate(output, {
      onSuccess: () => {
        notifySuccess(t('MEMBER.Invite.Invited', { email: output.email }));
        onDone();
      },
    });
  });
  const roles = field('memberRoleKeys');
  return (
    <form onSubmit={submit} noValidate data-testid="invite-member-form">
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('MEMBER.Invite.Title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('MEMBER.Invite.Hint')}
        </Text>
        <TextInput
          type="email"
          label={t('MEMBER.Invite.Email')}
          required
          autoComplete="off"
          data-autofocus
          {...field('email')}
        />
        <Group grow align="flex-start">
          <TextInput label={t('MEMBER.Invite.FirstName')} required {...field('firstName')} />
          <TextInput label={t('MEMBER.Invite.LastName')} required {...field('lastName')} />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t('MEMBER.Invite.Language')}
            data={languageSchema.options.map((l) => ({ value: l, label: t(`LANGUAGES.${l}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...field('language')}
            onChange={(v) => form.setFieldValue('language', (v ?? 'de') as Language)}
          />
          <RoleKeysSelect
            required
            value={form.values.memberRoleKeys}
            onChange={(keys) => form.setFieldValue('memberRoleKeys', keys as RoleKeys)}
            error={typeof roles.error === 'string' ? roles.error : undefined}
          />
        </Group>
        <Checkbox label={t('MEMBER.Invite.IsInternal')} {...field('isInternal', { type: 'checkbox' })} />
        <ServerMessages error={invite.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={invite.isPending}>
            {t('MEMBER.Invite.Cancel')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconMailForward size={16} aria-hidden />}
            loading={invite.isPending}
            disabled={!valid}
          >
            {t('MEMBER.Invite.Submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
