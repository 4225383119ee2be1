import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ErrorMessage } from '../../shared/errors';
import { ApiError } from '../lib/api-client';
import { fieldLabel, serverMessages } from '../lib/server-message';

type Props = {
  error: unknown;
  /** Edit and address dialogs also show the status and each message's type and reference (spec §8). */
  detailed?: boolean;
};

/** The server's error messages inside a dialog, each as its own paragraph. */
export function ServerMessages({ error, detailed }: Props) {
  const { t } = useTranslation();
  if (!error) return null;
  const messages = serverMessages(error);
  const detail = (m: ErrorMessage) => {
    const label = fieldLabel(m.reference);
    return `${t(`ERRORMESSAGES.Type.${m.messageType}`)}: ${m.message}${label ? ` (${label})` : ''}`;
  };
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
          {detailed ? detail(m) : m.message}
        </Text>
      ))}
    </Alert>
  );
}
