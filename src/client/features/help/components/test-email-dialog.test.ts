import { describe, expect, it } from 'vitest';
import { testEmailSchema } from '../../../../shared/schemas/help';
import { validateTestEmail } from './test-email-dialog';

describe('test dialog e-mail rule (spec §5)', () => {
  it('requires a valid address, the same way on client and server', () => {
    const cases: [string, string | null][] = [
      ['', 'HELP.Test.EmailRequired'],
      ['   ', 'HELP.Test.EmailRequired'],
      ['pruefer', 'HELP.Test.EmailInvalid'],
      ['pruefer@example', 'HELP.Test.EmailInvalid'],
      ['a b@example.test', 'HELP.Test.EmailInvalid'],
      ['pruefer@example.test', null],
      [' pruefer@example.test ', null],
    ];
    for (const [value, expected] of cases) {
      expect(validateTestEmail(value)).toBe(expected);
      expect(testEmailSchema.safeParse({ email: value }).success).toBe(expected === null);
    }
  });
});
