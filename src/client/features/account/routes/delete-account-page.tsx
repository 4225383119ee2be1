import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ServerMessages } from '../../../components/server-messages';
import { ApiError } from '../../../lib/api-client';
import { useConfirmAccountDeletion } from '../api/confirm-account-deletion';
import { PublicCard } from '../components/public-card';

/** The page of the deletion e-mail link: one more explicit confirmation, then the account goes. */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useConfirmAccountDeletion();
  const invalidLink = confirm.error instanceof ApiError && confirm.error.code === 'InvalidToken';
  return (
    <PublicCard title={t('PROFILE.DeleteAccount.PageTitle')}>
      {confirm.isSuccess ? (
        <Alert color="teal" role="status">
          {t('PROFILE.DeleteAccount.Done')}
        </Alert>
      ) : invalidLink ? (
        <Alert color="red" role="alert">
          {t('PROFILE.DeleteAccount.InvalidLink')}
        </Alert>
      ) : (
        <>
          <Text>{t('PROFILE.DeleteAccount.PageText')}</Text>
          <ServerMessages error={confirm.error} />
          <Button
            color="red.8"
            fullWidth
            loading={confirm.isPending}
            onClick={() => !confirm.isPending && confirm.mutate({ token })}
          >
            {t('PROFILE.DeleteAccount.Confirm')}
          </Button>
        </>
      )}
    </PublicCard>
  );
}
