import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { SalesOrg } from '../../../../shared/schemas/admin';
import type { Language } from '../../../../shared/schemas/common';
import type { AdminUser } from '../../../../shared/schemas/users';
import { ServerMessages } from '../../../components/server-messages';
import { notifySuccess } from '../../../lib/notify';
import { useSaveUser } from '../api/save-user';

type Values = {
  email: string;
  firstName: string;
  lastName: string;
  isInternal: boolean;
  isAdmin: boolean;
  salesOrgID: string;
  language: string;
  companySignInOnly: boolean;
};

const languages: Language[] = ['de', 'en', 'nl'];

/** Invite mode without a user, edit mode with one; the e-mail address (the login) is fixed once invited. */
export function UserDialog({
  user,
  salesOrgs,
  companySignInAvailable,
  onClose,
}: {
  user?: AdminUser;
  salesOrgs: SalesOrg[];
  companySignInAvailable: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveUser();
  const required = (v: string) => (v.trim() ? null : t('VALIDATION.IsRequired'));
  const form = useForm<Values>({
    initialValues: {
      email: user?.login ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      isInternal: user?.isInternal ?? false,
      isAdmin: user?.isAdmin ?? false,
      salesOrgID: user?.salesOrgID ? String(user.salesOrgID) : '',
      language: user?.language ?? (languages.includes(i18n.language as Language) ? i18n.language : 'de'),
      companySignInOnly: false,
    },
    validate: {
      email: (v) =>
        user
          ? null
          : (required(v) ?? (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : t('VALIDATION.InvalidEmail'))),
      firstName: required,
      lastName: required,
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((v) => {
    if (save.isPending) return;
    const fields = {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      isInternal: v.isInternal,
      isAdmin: v.isAdmin,
      salesOrgID: v.salesOrgID ? Number(v.salesOrgID) : null,
      language: v.language as Language,
    };
    const onSuccess = () => {
      notifySuccess(user ? t('ADMIN.Users.Saved') : t('ADMIN.Users.Invited', { email: v.email.trim() }));
      onClose();
    };
    if (user) save.mutate({ id: user.userID, body: fields }, { onSuccess });
    else
      save.mutate(
        { body: { ...fields, email: v.email.trim(), companySignInOnly: v.companySignInOnly } },
        { onSuccess },
      );
  });

  return (
    <Modal
      opened
      onClose={() => !save.isPending && onClose()}
      title={t(user ? 'ADMIN.Users.EditTitle' : 'ADMIN.Users.InviteTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            type="email"
            label={t('ADMIN.Users.Login')}
            required={!user}
            disabled={!!user}
            autoComplete="off"
            data-autofocus={!user || undefined}
            {...form.getInputProps('email')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('ADMIN.Users.FirstName')}
              required
              data-autofocus={user ? true : undefined}
              {...form.getInputProps('firstName')}
            />
            <TextInput label={t('ADMIN.Users.LastName')} required {...form.getInputProps('lastName')} />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('ADMIN.Users.SalesOrg')}
              data={[
                { value: '', label: t('ADMIN.Users.NoSalesOrg') },
                ...salesOrgs.map((s) => ({ value: String(s.salesOrgID), label: `${s.salesOrgKey} – ${s.title}` })),
              ]}
              allowDeselect={false}
              {...form.getInputProps('salesOrgID')}
              onChange={(v) => form.setFieldValue('salesOrgID', v ?? '')}
            />
            <Select
              label={t('ADMIN.Users.Language')}
              data={languages.map((l) => ({ value: l, label: t(`LANGUAGES.${l}`) }))}
              allowDeselect={false}
              {...form.getInputProps('language')}
              onChange={(v) => form.setFieldValue('language', v ?? 'de')}
            />
          </Group>
          <Checkbox label={t('ADMIN.Users.IsInternal')} {...form.getInputProps('isInternal', { type: 'checkbox' })} />
          <Checkbox label={t('ADMIN.Users.IsAdmin')} {...form.getInputProps('isAdmin', { type: 'checkbox' })} />
          {!user && (
            <Checkbox
              label={t('ADMIN.Users.CompanySignInOnly')}
              description={companySignInAvailable ? undefined : t('ADMIN.Users.CompanySignInOnlyHint')}
              disabled={!companySignInAvailable}
              {...form.getInputProps('companySignInOnly', { type: 'checkbox' })}
            />
          )}
          <ServerMessages error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('COMMON.Abort')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(user ? 'COMMON.Save' : 'ADMIN.Users.SendInvitation')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
