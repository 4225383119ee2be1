import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { ServerMessages } from '../../../components/server-messages';
import { ApiError } from '../../../lib/api-client';
import { newPasswordFormSchema } from '../../../../shared/schemas/profile';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useConfirmPasswordReset } from '../api/password-reset';
import { PublicCard } from '../components/public-card';

/** The page of the e-mail link: a new password with the same rules as the profile's change. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useConfirmPasswordReset();
  const { form, field } = useSchemaForm(
    newPasswordFormSchema,
    { newPassword: '', confirmNewPassword: '' },
    { validateInputOnChange: false },
  );
  const invalidLink = confirm.error instanceof ApiError && confirm.error.code === 'InvalidToken';
  return (
    <PublicCard title={t('PASSWORD.Reset.Title')}>
      {confirm.isSuccess ? (
        <Alert color="teal" role="status">
          {t('PASSWORD.Reset.Done')}
        </Alert>
      ) : invalidLink ? (
        <Alert color="red" role="alert">
          {t('PASSWORD.Reset.InvalidLink')}
        </Alert>
      ) : (
        <form
          onSubmit={form.onSubmit((v) => {
            if (!confirm.isPending) confirm.mutate({ token, ...v });
          })}
          noValidate
        >
          <Stack>
            <NewPasswordFields field={field} />
            <ServerMessages error={confirm.error} />
            <Button type="submit" fullWidth loading={confirm.isPending}>
              {t('PASSWORD.Reset.Submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
