import { Button, Group, Modal, Stack, type MantineSize } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerMessages } from './server-messages';

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
  cancelLabel?: string;
  size?: MantineSize | number;
  /** The form element's test id. */
  formTestId?: string;
  children: ReactNode;
};

/**
 * The one dialog with a form: fields, the server's messages, Cancel and Save. Pair it with
 * `useSchemaForm` (validation by the shared zod schema). While submitting, buttons are disabled
 * and a second submit is ignored; Save stays disabled while the form is invalid.
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
  cancelLabel,
  size,
  formTestId,
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
      size={size}
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      <form onSubmit={handleSubmit} noValidate data-testid={formTestId}>
        <Stack>
          {children}
          <ServerMessages error={error} detailed={detailedErrors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {cancelLabel ?? t('COMMON.Cancel')}
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
