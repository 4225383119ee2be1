import { Alert, Center, Loader, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../../shared/schemas/notifications';
import { apiErrorText } from '../../../lib/notify';
import { NotificationItem } from './notification-item';

type Props = {
  items: Notification[] | undefined;
  loading: boolean;
  error: unknown;
  onRead: (id: number) => void;
  onNavigate?: () => void;
};

/** The notifications as a list, with its loading, error and empty states. */
export function NotificationList({ items, loading, error, onRead, onNavigate }: Props) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {apiErrorText(error) || t('NOTIFY.LoadFailed')}
      </Alert>
    );
  }
  if (loading && !items) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('NOTIFY.Loading')} />
      </Center>
    );
  }
  if (!items || items.length === 0) {
    return (
      <Alert variant="light" color="blue" icon={<IconBellOff aria-hidden />} data-testid="notifications-empty">
        <Text size="sm">{t('NOTIFY.Empty')}</Text>
      </Alert>
    );
  }
  return (
    <ul style={{ margin: 0, padding: 0 }} aria-label={t('NOTIFY.Title')}>
      {items.map((n) => (
        <NotificationItem key={n.notificationID} notification={n} onRead={onRead} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
