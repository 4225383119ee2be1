import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { ServerMessages } from '../../../components/server-messages';
import { ApiError } from '../../../lib/api-client';
import { newPasswordFormSchema } from '../../../../shared/schemas/profile';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { PublicCard } from '../components/public-card';

/** The page of the invitation link: the first password, with the same rules as the profile's change. */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const info = useInvitation(token);
  const accept = useAcceptInvitation();
  const { form, field } = useSchemaForm(
    newPasswordFormSchema,
    { newPassword: '', confirmNewPassword: '' },
    { validateInputOnChange: false },
  );
  const invalidLink =
    (info.error instanceof ApiError && info.error.code === 'InvalidToken') ||
    (accept.error instanceof ApiError && accept.error.code === 'InvalidToken');
  return (
    <PublicCard title={t('ACCOUNT.Invitation.Title')}>
      {accept.isSuccess ? (
        <Alert color="teal" role="status">
          {t('ACCOUNT.Invitation.Done')}
        </Alert>
      ) : invalidLink ? (
        <Alert color="red" role="alert">
          {t('ACCOUNT.Invitation.InvalidLink')}
        </Alert>
      ) : info.isError ? (
        <ServerMessages error={info.error} />
      ) : !info.data ? (
        <Skeleton h={200} />
      ) : (
        <form
          onSubmit={form.onSubmit((v) => {
            if (!accept.isPending) accept.mutate({ token, ...v });
          })}
          noValidate
        >
          <Stack>
            <Text size="sm">
              {t('ACCOUNT.Invitation.Intro', { tenant: info.data.tenantName, login: info.data.login })}
            </Text>
            {/* Lets password managers store the new password under the right login. */}
            <input type="hidden" name="username" autoComplete="username" value={info.data.login} readOnly />
            <NewPasswordFields field={field} />
            <ServerMessages error={accept.error} />
            <Button type="submit" fullWidth loading={accept.isPending}>
              {t('ACCOUNT.Invitation.Submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
