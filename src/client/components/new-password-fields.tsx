import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

type Field = (path: 'newPassword' | 'confirmNewPassword') => GetInputPropsReturnType;

/** New password and its confirmation, with the password rules: profile dialog, reset and invitation pages. */
export function NewPasswordFields({ field }: { field: Field }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('PROFILE.PasswordDialog.NewPassword')}
        description={t('VALIDATION.InvalidPasswordRequirements')}
        autoComplete="new-password"
        required
        {...field('newPassword')}
      />
      <PasswordInput
        label={t('PROFILE.PasswordDialog.ConfirmNewPassword')}
        autoComplete="new-password"
        required
        {...field('confirmNewPassword')}
      />
    </>
  );
}
