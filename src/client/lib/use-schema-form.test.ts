import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { preliminaryDaysInputSchema } from '../../shared/schemas/admin';
import { testEmailSchema } from '../../shared/schemas/help';

// What useSchemaForm hands to @mantine/form: the shared schema's messages (i18n keys) per field.
describe('forms validated by the shared schemas', () => {
  it('test e-mail (spec §5): required, then valid; the same rule as the server', () => {
    const validate = schemaResolver(testEmailSchema, { sync: true });
    const cases: [string, string | undefined][] = [
      ['', 'HELP.EmailRequired'],
      ['   ', 'HELP.EmailRequired'],
      ['pruefer', 'HELP.EmailInvalid'],
      ['pruefer@example', 'HELP.EmailInvalid'],
      ['a b@example.test', 'HELP.EmailInvalid'],
      ['pruefer@example.test', undefined],
      [' pruefer@example.test ', undefined],
    ];
    for (const [email, expected] of cases) expect(validate({ email }).email).toBe(expected);
  });

  it('preliminary days: a whole number from 1 to 365, each refusal with its own message', () => {
    const validate = schemaResolver(preliminaryDaysInputSchema, { sync: true });
    const cases: [unknown, string | undefined][] = [
      [0, 'VALIDATION.MinValue'],
      [-3, 'VALIDATION.MinValue'],
      [1.5, 'VALIDATION.WholeNumber'],
      [Number.NaN, 'VALIDATION.WholeNumber'],
      [366, 'VALIDATION.MaxValueReached'],
      [1, undefined],
      [365, undefined],
    ];
    for (const [PreliminaryDays, expected] of cases)
      expect(validate({ PreliminaryDays }).PreliminaryDays).toBe(expected);
  });
});

describe('password forms validated by the shared policy', () => {
  it('names each field with its policy message', async () => {
    const { passwordChangeFormSchema, newPasswordFormSchema } = await import('../../shared/schemas/profile');
    const change = schemaResolver(passwordChangeFormSchema, { sync: true });
    expect(change({ oldPassword: '', newPassword: 'abc', confirmNewPassword: 'Abc-1234' })).toEqual({
      oldPassword: 'VALIDATION.IsRequired',
      newPassword: 'VALIDATION.InvalidPasswordRequirements',
      confirmNewPassword: 'PROFILE.PasswordDialog.NewPasswordConfirmFail',
    });
    expect(change({ oldPassword: 'Abc-1234', newPassword: 'Abc-1234', confirmNewPassword: 'Abc-1234' })).toEqual({
      newPassword: 'PROFILE.PasswordDialog.SamePassword',
    });
    expect(change({ oldPassword: 'Abc-1234', newPassword: 'Xyz-5678', confirmNewPassword: 'Xyz-5678' })).toEqual({});
    // A current password from before the rule is not held to it; only the new one is.
    expect(change({ oldPassword: 'alt', newPassword: 'Xyz-5678', confirmNewPassword: 'Xyz-5678' })).toEqual({});
    const reset = schemaResolver(newPasswordFormSchema, { sync: true });
    expect(reset({ newPassword: 'Xyz-5678', confirmNewPassword: 'Xyz-5679' })).toEqual({
      confirmNewPassword: 'PROFILE.PasswordDialog.NewPasswordConfirmFail',
    });
  });
});
