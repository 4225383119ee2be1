import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReviewerChangeRequest } from '../api/execute-tool';

/** A standard e-mail pattern: something@domain.tld without blanks. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function ReviewerChangeDialog({ rootUnitId, onClose }: { rootUnitId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const request = useReviewerChangeRequest();
  const valid = EMAIL_PATTERN.test(email.trim());
  const showError = email.trim() !== '' && !valid;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    request.mutate(
      { rootUnitId, email: email.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('PROJECT.Tools.ReviewerChange.Sent'));
          onClose();
        },
        onError: (err) => notifyError(err, t('PROJECT.Tools.ReviewerChange.Failed')),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('PROJECT.Tools.reviewer-change-request')}
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('PROJECT.Tools.ReviewerChange.Text')}</Text>
          <TextInput
            type="email"
            label={t('PROJECT.Tools.ReviewerChange.Email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={showError ? t('VALIDATION.InvalidEmail') : undefined}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('COMMON.Cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={request.isPending}>
              {t('PROJECT.Tools.ReviewerChange.Submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
