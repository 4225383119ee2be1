import { Alert, Button, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordResetRequestSchema } from '../../../../shared/schemas/profile';
import { ServerMessages } from '../../../components/server-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRequestPasswordReset } from '../api/password-reset';
import { PublicCard } from '../components/public-card';

/** Asks for the login and sends a reset link; the answer never tells whether the login exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const { form, field } = useSchemaForm(passwordResetRequestSchema, { login: '' }, { validateInputOnChange: false });
  return (
    <PublicCard title={t('PASSWORD.Request.Title')}>
      {request.isSuccess ? (
        <Alert color="teal" role="status">
          {t('PASSWORD.Request.Sent')}
        </Alert>
      ) : (
        <form
          onSubmit={form.onSubmit((v) => {
            if (!request.isPending) request.mutate(v);
          })}
          noValidate
        >
          <Text c="dimmed" mb="md">
            {t('PASSWORD.Request.Text')}
          </Text>
          <TextInput
            label={t('LOGIN.Login')}
            type="email"
            autoComplete="username"
            required
            mb="md"
            {...field('login')}
          />
          <ServerMessages error={request.error} />
          <Button type="submit" fullWidth mt="md" loading={request.isPending}>
            {t('PASSWORD.Request.Submit')}
          </Button>
        </form>
      )}
    </PublicCard>
  );
}
