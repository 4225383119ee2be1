import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { informUser } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { passwordChangeFormSchema } from '../../../../shared/schemas/profile';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { closeLabel, notifySuccess } from '../../../lib/notify';
import { i18next } from '../../../lib/i18n';
import { useChangePassword } from '../api/change-password';
import { FormDialog } from '../../../components/form-dialog';

/** The error toast of spec §8 for a failed password change. */
function notifyPasswordError(error: unknown): void {
  const t = i18next.t.bind(i18next);
  if (error instanceof ApiError && error.code === 'InvalidPassword') {
    notifications.show({
      closeButtonProps: closeLabel(),
      color: 'red',
      title: t('PROFILE.PasswordDialog.InvalidPassword.Title'),
      message: t('PROFILE.PasswordDialog.InvalidPassword.Message'),
    });
    return;
  }
  if (error instanceof ApiError && error.status === 403) {
    notifications.show({
      closeButtonProps: closeLabel(),
      color: 'red',
      title: t('ERRORMESSAGES.Title'),
      message: t('ERRORMESSAGES.NotAllowed'),
    });
    return;
  }
  console.error('password change failed', error);
  if (error instanceof ApiError) {
    notifications.show({
      closeButtonProps: closeLabel(),
      color: 'red',
      title: error.code,
      message: t('ERRORMESSAGES.UnknownApiError'),
    });
    return;
  }
  notifications.show({
    closeButtonProps: closeLabel(),
    color: 'red',
    title: t('ERRORMESSAGES.Title'),
    message: t('ERRORMESSAGES.ChangePasswordError'),
  });
}

export function PasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { form, field, valid } = useSchemaForm(
    passwordChangeFormSchema,
    { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    { validateInputOnChange: false },
  );
  return (
    <FormDialog
      opened
      title={t('PROFILE.PasswordDialog.Title')}
      onClose={onClose}
      submitting={change.isPending}
      valid={valid}
      error={null}
      onSubmit={() => {
        if (form.validate().hasErrors) return;
        change.mutate(form.values, {
          onSuccess: () => {
            notifySuccess(t('PROFILE.PasswordDialog.Success.Message'), t('PROFILE.PasswordDialog.Success.Title'));
            onClose();
            void informUser(t('PROFILE.PasswordDialog.Success.Title'), t('PROFILE.PasswordDialog.Success.Message'));
          },
          onError: notifyPasswordError,
        });
      }}
    >
      <PasswordInput
        label={t('PROFILE.PasswordDialog.OldPassword')}
        autoComplete="current-password"
        required
        data-autofocus
        {...field('oldPassword')}
      />
      <NewPasswordFields field={field} />
    </FormDialog>
  );
}
