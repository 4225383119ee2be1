import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerMessages } from '../../../components/server-messages';

type Props = {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitting: boolean;
  /** The submit button stays disabled while the form is invalid. */
  valid: boolean;
  error: unknown;
  detailedErrors?: boolean;
  submitLabel?: string;
  children: ReactNode;
};

/**
 * The profile dialogs' shape: fields, the server's messages, Cancel and Save.
 * While submitting, buttons are disabled and a second submit is ignored.
 */
export function FormDialog({
  opened,
  title,
  onClose,
  onSubmit,
  submitting,
  valid,
  error,
  detailedErrors,
  submitLabel,
  children,
}: Props) {
  const { t } = useTranslation();
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => !submitting && onClose()}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {children}
          <ServerMessages error={error} detailed={detailedErrors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('COMMON.Cancel')}
            </Button>
            <Button type="submit" loading={submitting} disabled={!valid || submitting}>
              {submitLabel ?? t('COMMON.Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
