import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { apiErrorMessages } from '../lib/notify';

type Props = {
  error: unknown;
  /** Edit and address dialogs also show the status and each message's type and reference (spec §8). */
  detailed?: boolean;
};

/** The server's error messages inside a dialog, each as its own paragraph. */
export function ServerMessages({ error, detailed }: Props) {
  const { t } = useTranslation();
  if (!error) return null;
  const messages =
    error instanceof ApiError
      ? apiErrorMessages(error)
      : [{ messageType: 'Error', message: t('ERRORMESSAGES.Unexpected'), reference: null }];
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      title={
        detailed && error instanceof ApiError ? `${t('ERRORMESSAGES.Title')} ${error.status}` : t('ERRORMESSAGES.Title')
      }
    >
      {messages.map((m, i) => (
        <Text component="p" size="sm" key={i} m={0}>
          {detailed ? `${m.messageType}: ${m.message}${m.reference ? ` (${m.reference})` : ''}` : m.message}
        </Text>
      ))}
    </Alert>
  );
}
