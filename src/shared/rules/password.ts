/** Password policy of spec/admin-profile-orders.md §5 and §9, shared by client and server. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MIN_CLASSES = 3;

const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** At least 6 characters with at least 3 of the classes upper case, lower case, digit, other. */
export function meetsPasswordStrength(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) return false;
  return classes.filter((re) => re.test(password)).length >= PASSWORD_MIN_CLASSES;
}

export type PasswordErrorKey = 'required' | 'pattern' | 'sameAsOldPassword' | 'newPasswordNotMatch';

/** The message key shown for each error (spec §5). */
export const passwordErrorMessage: Record<PasswordErrorKey, string> = {
  required: 'VALIDATION.IsRequired',
  pattern: 'VALIDATION.InvalidPasswordRequirements',
  sameAsOldPassword: 'PROFILE.PasswordDialog.SamePassword',
  newPasswordNotMatch: 'PROFILE.PasswordDialog.NewPasswordConfirmFail',
};

export type PasswordChange = { oldPassword?: string; newPassword: string; confirmNewPassword: string };
export type PasswordErrors = Partial<Record<keyof PasswordChange, PasswordErrorKey>>;

/**
 * Field errors of a password change. Without `oldPassword` in the input (password reset),
 * only the new password and its confirmation are checked.
 */
export function validatePasswordChange(input: PasswordChange): PasswordErrors {
  const errors: PasswordErrors = {};
  const withOld = input.oldPassword !== undefined;
  if (withOld) {
    // The current password is only checked against the stored one: a password set before the
    // rule was tightened need not meet it.
    if (!input.oldPassword) errors.oldPassword = 'required';
  }
  if (!input.newPassword) errors.newPassword = 'required';
  else if (!meetsPasswordStrength(input.newPassword)) errors.newPassword = 'pattern';
  else if (withOld && input.newPassword === input.oldPassword) errors.newPassword = 'sameAsOldPassword';
  if (!input.confirmNewPassword) errors.confirmNewPassword = 'required';
  else if (!meetsPasswordStrength(input.confirmNewPassword)) errors.confirmNewPassword = 'pattern';
  else if (input.confirmNewPassword !== input.newPassword) errors.confirmNewPassword = 'newPasswordNotMatch';
  return errors;
}
