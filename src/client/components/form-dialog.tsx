import { Button, Group, Loader, Modal, Stack, type MantineSize } from '@mantine/core';
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
  /**
   * A header of its own in place of the title bar (e.g. the coloured hero of a unit type); it
   * must contain a `Modal.Title` with the dialog's title, which names the dialog for screen readers.
   */
  header?: ReactNode;
  /** The form's data is still loading: a loader in place of the fields, Save disabled. */
  loading?: boolean;
  children: ReactNode;
};

/**
 * The one dialog with a form: fields, the server's messages, Cancel and Save. Pair it with
 * `useSchemaForm` (validation by the shared zod schema). While submitting, buttons are disabled
 * and a second submit is ignored; Save stays disabled while the form is invalid or loading.
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
  header,
  loading = false,
  children,
}: Props) {
  const { t } = useTranslation();
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting || loading) return;
    onSubmit();
  };
  return (
    <Modal.Root opened={opened} onClose={() => !submitting && onClose()} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        {header ?? (
          <Modal.Header>
            <Modal.Title>{title}</Modal.Title>
            <Modal.CloseButton aria-label={t('COMMON.Close')} />
          </Modal.Header>
        )}
        <Modal.Body pt={header ? 'lg' : undefined}>
          <form onSubmit={handleSubmit} noValidate data-testid={formTestId} aria-busy={loading || undefined}>
            <Stack>
              {loading ? <Loader size="sm" aria-label={t('COMMON.Loading')} /> : children}
              <ServerMessages error={error} detailed={detailedErrors} />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose} disabled={submitting}>
                  {cancelLabel ?? t('COMMON.Cancel')}
                </Button>
                <Button type="submit" loading={submitting} disabled={!valid || submitting || loading}>
                  {submitLabel ?? t('COMMON.Save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
