import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

type Field = (path: 'newPassword' | 'confirmNewPassword') => GetInputPropsReturnType;

/** New password and its confirmation, with the password rules: profile dialog, reset and invitation pages. */
export function NewPasswordFields({ field }: { field: Field }) {
  const { t } = useTranslation();
  const requirement = t('VALIDATION.InvalidPasswordRequirements');
  const input = field('newPassword');
  return (
    <>
      {/* The rule is said once: as the description, or as the error when it is not met. */}
      <PasswordInput
        label={t('PROFILE.PasswordDialog.NewPassword')}
        description={
          input.error === requirement || input.error === 'VALIDATION.InvalidPasswordRequirements'
            ? undefined
            : requirement
        }
        autoComplete="new-password"
        required
        {...input}
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
