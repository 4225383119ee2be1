import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCheckData } from '../../api/unit-workflow';
import { useStateLabel } from '../../../../components/state-badge';

/** The check-data task dialog (640 px): a message stored as the unit's CheckDataTaskMessage. */
export function CheckDataDialog({
  unitId,
  rootUnitId,
  opened,
  onClose,
}: {
  unitId: number;
  rootUnitId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const [message, setMessage] = useState('');
  const checkData = useCheckData(unitId, rootUnitId);
  const submit = () =>
    checkData.mutate(message, {
      onSuccess: (res) => {
        notifySuccess(t('WORKFLOW.Success', { state: stateLabel(res.stateKey) }));
        setMessage('');
        onClose();
      },
      onError: (err) => notifyError(err),
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('WORKFLOW.CheckData.Title')} size={640} centered>
      <Stack gap="md" data-testid="check-data-dialog">
        <Text size="sm">{t('WORKFLOW.CheckData.Intro')}</Text>
        <Textarea
          label={t('WORKFLOW.CheckData.Message')}
          rows={4}
          autosize
          minRows={4}
          maxLength={4000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('COMMON.Cancel')}
          </Button>
          <Button onClick={submit} loading={checkData.isPending}>
            {t('WORKFLOW.CheckData.Submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
