import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PublicCard } from '../components/public-card';

const reasons = [
  'expired',
  'other-address',
  'failed',
  'cancelled',
  'no-account',
  'unverified-email',
  'no-provider',
  'deactivated',
];

/** Where a refused external sign-in ends, with the reason in plain words. */
export function ExternalRefusedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reason = params.get('reason') ?? 'failed';
  return (
    <PublicCard title={t('LOGIN.ExternalRefused.Title')}>
      <Alert color="red" role="alert">
        {t(`LOGIN.ExternalRefused.${reasons.includes(reason) ? reason : 'failed'}`, { address: window.location.host })}
      </Alert>
    </PublicCard>
  );
}
