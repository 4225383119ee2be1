import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SalesOrg } from '../../../../shared/schemas/admin';
import { languages, languageSchema, type Language } from '../../../../shared/schemas/common';
import { inviteUserSchema, updateUserSchema, type AdminUser } from '../../../../shared/schemas/users';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveUser } from '../api/save-user';

const fields = updateUserSchema.shape;

/**
 * The dialog's fields: the API's invite/update rules; the sales organisation is a select's text.
 * The e-mail address is checked only when inviting (it is fixed afterwards).
 */
function userFormSchema(invite: boolean) {
  return z.object({
    email: invite ? z.string().trim().min(1, 'VALIDATION.IsRequired').pipe(inviteUserSchema.shape.email) : z.string(),
    firstName: fields.firstName,
    lastName: fields.lastName,
    isInternal: fields.isInternal,
    isAdmin: z.boolean(),
    salesOrgID: z.string(),
    language: languageSchema,
    companySignInOnly: z.boolean(),
  });
}

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
  const schema = useMemo(() => userFormSchema(!user), [user]);
  const { form, field, valid } = useSchemaForm(
    schema,
    {
      email: user?.login ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      isInternal: user?.isInternal ?? false,
      isAdmin: user?.isAdmin ?? false,
      salesOrgID: user?.salesOrgID ? String(user.salesOrgID) : '',
      language: user?.language ?? (languages.includes(i18n.language as Language) ? (i18n.language as Language) : 'de'),
      companySignInOnly: false,
    },
    { validateInputOnChange: false },
  );

  const submit = () => {
    if (form.validate().hasErrors) return;
    const v = form.values;
    const body = {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      isInternal: v.isInternal,
      isAdmin: v.isAdmin,
      salesOrgID: v.salesOrgID ? Number(v.salesOrgID) : null,
      language: v.language,
    };
    const onSuccess = () => {
      notifySuccess(user ? t('ADMIN.Users.Saved') : t('ADMIN.Users.Invited', { email: v.email.trim() }));
      onClose();
    };
    if (user) save.mutate({ id: user.userID, body }, { onSuccess });
    else
      save.mutate({ body: { ...body, email: v.email.trim(), companySignInOnly: v.companySignInOnly } }, { onSuccess });
  };

  return (
    <FormDialog
      opened
      title={t(user ? 'ADMIN.Users.EditTitle' : 'ADMIN.Users.InviteTitle')}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      valid={valid}
      error={save.error}
      cancelLabel={t('COMMON.Abort')}
      submitLabel={t(user ? 'COMMON.Save' : 'ADMIN.Users.SendInvitation')}
    >
      <TextInput
        type="email"
        label={t('ADMIN.Users.Login')}
        required={!user}
        disabled={!!user}
        autoComplete="off"
        data-autofocus={!user || undefined}
        {...field('email')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('ADMIN.Users.FirstName')}
          required
          data-autofocus={user ? true : undefined}
          {...field('firstName')}
        />
        <TextInput label={t('ADMIN.Users.LastName')} required {...field('lastName')} />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('ADMIN.Users.SalesOrg')}
          data={[
            { value: '', label: t('ADMIN.Users.NoSalesOrg') },
            ...salesOrgs.map((s) => ({ value: String(s.salesOrgID), label: `${s.salesOrgKey} – ${s.title}` })),
          ]}
          allowDeselect={false}
          {...field('salesOrgID')}
          onChange={(v) => form.setFieldValue('salesOrgID', v ?? '')}
        />
        <Select
          label={t('ADMIN.Users.Language')}
          data={languages.map((l) => ({ value: l, label: t(`LANGUAGES.${l}`) }))}
          allowDeselect={false}
          {...field('language')}
          onChange={(v) => form.setFieldValue('language', (v ?? 'de') as Language)}
        />
      </Group>
      <Checkbox label={t('ADMIN.Users.IsInternal')} {...field('isInternal', { type: 'checkbox' })} />
      <Checkbox label={t('ADMIN.Users.IsAdmin')} {...field('isAdmin', { type: 'checkbox' })} />
      {!user && (
        <Checkbox
          label={t('ADMIN.Users.CompanySignInOnly')}
          description={companySignInAvailable ? undefined : t('ADMIN.Users.CompanySignInOnlyHint')}
          disabled={!companySignInAvailable}
          {...field('companySignInOnly', { type: 'checkbox' })}
        />
      )}
    </FormDialog>
  );
}
