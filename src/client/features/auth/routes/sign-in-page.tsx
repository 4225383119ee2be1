import { Alert, Anchor, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { i18next } from '../../../lib/i18n';
import { serverMessageText } from '../../../lib/server-message';
import { BrandMark } from '../../../components/brand-mark';
import { LanguageMenu } from '../../../components/language-menu';
import { LegalLinks } from '../../../components/legal-links';
import { useCurrentUser } from '../../../lib/current-user';
import { useSignIn } from '../api/sign-in';
import { ExternalSignIn } from '../components/external-sign-in';

/** The message of a refused sign-in; a wait (429) tells how long the server asks to wait. */
function errorText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 429) {
    const wait = error.body.messages[0];
    return wait && i18next.exists(wait.message) ? serverMessageText(wait) : t('LOGIN.Errors.TooManyAttempts');
  }
  return t(errorKey(error));
}

function errorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'LOGIN.Errors.Unavailable';
  if (error.status === 401) return 'LOGIN.Errors.InvalidCredentials';
  if (error.body.messages[0]?.message === 'ERRORMESSAGES.UseIdentityProvider')
    return 'LOGIN.Errors.UseIdentityProvider';
  if (error.body.messages[0]?.message === 'ERRORMESSAGES.AccountDeactivated') return 'LOGIN.Errors.AccountDeactivated';
  return 'LOGIN.Errors.Unavailable';
}

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useCurrentUser();
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { login: '', password: '' },
    validate: {
      login: (v) => (v.trim() ? null : t('VALIDATION.IsRequired')),
      password: (v) => (v ? null : t('VALIDATION.IsRequired')),
    },
  });
  const from = (location.state as { from?: string } | null)?.from ?? '/home/app/dash';

  if (me.data) return <Navigate to={from} replace />;

  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <form
          onSubmit={form.onSubmit((values) =>
            signIn.mutate(values, { onSuccess: () => navigate(from, { replace: true }) }),
          )}
          noValidate
        >
          <Stack>
            <Group justify="space-between" align="center">
              <BrandMark as="heading" />
              <LanguageMenu />
            </Group>
            <Text c="dimmed">{t('LOGIN.Intro')}</Text>
            {signIn.isError && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('LOGIN.Errors.Title')}>
                {errorText(signIn.error, t)}
              </Alert>
            )}
            <TextInput
              label={t('LOGIN.Login')}
              autoComplete="username"
              type="email"
              required
              {...form.getInputProps('login')}
            />
            <PasswordInput
              label={t('LOGIN.Password')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={signIn.isPending} fullWidth>
              {t('LOGIN.Submit')}
            </Button>
            <Anchor component={Link} to="/password-forgotten" size="sm" ta="center">
              {t('PASSWORD.Forgot')}
            </Anchor>
            <ExternalSignIn />
            <Group justify="center" gap="md">
              <LegalLinks />
            </Group>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
