import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Task } from '../../../../shared/schemas/tasks';
import { StateBadge, useStateLabel } from '../../../components/state-badge';
import { apiErrorText } from '../../../lib/notify';
import { taskQuery } from '../api/get-task';

type Phase = 'open' | 'submitting' | 'submitted' | 'failed';

/** Task keys with their own explanation; other keys use a text by state or the generic one. */
const ownTexts = [
  'PlaceOrder',
  'PendingValidation',
  'PendingContract',
  'Structuring',
  'ProvideFiles',
  'ReviewPreliminaryDrawings',
  'ReviewRevisedDrawings',
];

export const taskDetailsPath = (task: Pick<Task, 'rootProjectUnitID' | 'projectUnitID'>) =>
  `/home/app/project/details/${task.rootProjectUnitID}/${task.projectUnitID}`;

/**
 * The task info dialog (spec §2): what the task means, and a go-to-project button that first
 * checks the task is still open (submitting), then opens the project (submitted) or says why not (failed).
 */
export function TaskInfoDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('open');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPhase('open');
    setError(null);
    onClose();
  };

  const goToProject = async () => {
    if (!task) return;
    setPhase('submitting');
    try {
      await queryClient.fetchQuery(taskQuery(task.taskID));
      setPhase('submitted');
      navigate(taskDetailsPath(task));
      close();
    } catch (err) {
      setError(apiErrorText(err));
      setPhase('failed');
    }
  };

  const state = task ? stateLabel(task.stateKey) : '';
  const textKey = task && ownTexts.includes(task.taskKey) ? `TASKS.Text.${task.taskKey}` : 'TASKS.Text.Generic';
  return (
    <Modal opened={task !== null} onClose={close} title={t('TASKS.InfoDialog.Title', { state })} centered size="md">
      {task && (
        <Stack gap="md" data-testid="task-info-dialog" data-phase={phase}>
          <Group gap="xs">
            <StateBadge stateKey={task.stateKey} />
            <Text size="sm" c="dimmed">
              {task.projectUnitNo} · {task.unitTitle}
            </Text>
          </Group>
          <Text size="sm">{t(textKey, { state })}</Text>
          {phase === 'failed' && (
            <Alert color="red" title={t('TASKS.InfoDialog.Failed')}>
              {error}
            </Alert>
          )}
          {phase === 'submitting' && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('TASKS.InfoDialog.Submitting')}</Text>
            </Group>
          )}
          {phase === 'submitted' && <Text size="sm">{t('TASKS.InfoDialog.Submitted')}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('COMMON.Close')}
            </Button>
            <Button onClick={goToProject} loading={phase === 'submitting'} disabled={phase === 'failed'}>
              {t('TASKS.InfoDialog.GoToProject')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
