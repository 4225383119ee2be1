import { describe, expect, it } from 'vitest';
import { meetsPasswordStrength, validatePasswordChange } from './password';

describe('password policy', () => {
  it('needs 6 characters and 3 of 4 classes', () => {
    expect(meetsPasswordStrength('Ab1')).toBe(false);
    expect(meetsPasswordStrength('abcdef')).toBe(false);
    expect(meetsPasswordStrength('abcDEF')).toBe(false);
    expect(meetsPasswordStrength('abcDE1')).toBe(true);
    expect(meetsPasswordStrength('abc12!')).toBe(true);
    expect(meetsPasswordStrength('ABC12!')).toBe(true);
    expect(meetsPasswordStrength('abc123')).toBe(false);
    expect(meetsPasswordStrength('aB1!')).toBe(false);
  });

  it('names required, pattern, same-as-old and not-matching errors', () => {
    expect(validatePasswordChange({ oldPassword: '', newPassword: '', confirmNewPassword: '' })).toEqual({
      oldPassword: 'required',
      newPassword: 'required',
      confirmNewPassword: 'required',
    });
    expect(
      validatePasswordChange({ oldPassword: 'Old-pass1', newPassword: 'weak', confirmNewPassword: 'weak' }),
    ).toEqual({
      newPassword: 'pattern',
      confirmNewPassword: 'pattern',
    });
    expect(
      validatePasswordChange({ oldPassword: 'Old-pass1', newPassword: 'Old-pass1', confirmNewPassword: 'Old-pass1' }),
    ).toEqual({
      newPassword: 'sameAsOldPassword',
    });
    expect(
      validatePasswordChange({ oldPassword: 'Old-pass1', newPassword: 'New-pass1', confirmNewPassword: 'New-pass2' }),
    ).toEqual({
      confirmNewPassword: 'newPasswordNotMatch',
    });
    expect(
      validatePasswordChange({ oldPassword: 'Old-pass1', newPassword: 'New-pass1', confirmNewPassword: 'New-pass1' }),
    ).toEqual({});
  });

  it('checks only the new password without an old one (reset)', () => {
    expect(validatePasswordChange({ newPassword: 'New-pass1', confirmNewPassword: 'New-pass1' })).toEqual({});
    expect(validatePasswordChange({ newPassword: 'New-pass1', confirmNewPassword: 'x' })).toEqual({
      confirmNewPassword: 'pattern',
    });
  });
});
