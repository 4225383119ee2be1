import { passwordErrorMessage, validatePasswordChange, type PasswordChange } from '../../shared/rules/password';
import { i18next } from './i18n';

/** Field errors of a password form as translated texts (for @mantine/form's `validate`). */
export function passwordFormErrors(values: PasswordChange): Record<string, string> {
  const errors = validatePasswordChange(values);
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [field, i18next.t(passwordErrorMessage[key])]),
  );
}
