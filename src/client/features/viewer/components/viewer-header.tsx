import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconGitCompare, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UnitActions } from '../../../../shared/schemas/workflow';
import { StateBadge } from '../../../components/state-badge';
import { Tooltip } from '../../../components/tooltip';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeUnitState } from '../../../lib/use-change-unit-state';
import type { Decision } from './decision-dialog';

type Props = {
  rootId: number;
  unitId: number;
  title: string;
  stateKey: string;
  /** The compare toggle, where the file shown has an earlier version to compare with. */
  compare: { on: boolean; toggle: () => void } | null;
  /** The review decisions, for the holder of the review task. */
  onDecide: ((decision: Decision) => void) | null;
  /** The drafter's "submit revised drawings", when offered. */
  submit: UnitActions['actions'][number] | undefined;
};

/** The viewer's heading: back to the unit, title and state, compare toggle, decisions and submission. */
export function ViewerHeader({ rootId, unitId, title, stateKey, compare, onDecide, submit }: Props) {
  const { t } = useTranslation();
  const submitRevised = useChangeUnitState(unitId, {
    onSuccess: () => notifySuccess(t('VIEWER.Decision.Done')),
    onError: (err) => notifyError(err, t('VIEWER.Decision.Failed')),
  });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={2}>
        <Anchor component={Link} to={`/home/app/project/details/${rootId}/${unitId}`} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('VIEWER.Back')}
          </Group>
        </Anchor>
        <Group gap="xs">
          <Title order={1} size="h3">
            {t('VIEWER.Title')}: {title}
          </Title>
          <StateBadge stateKey={stateKey} />
        </Group>
      </Stack>
      <Group gap="xs">
        {compare && (
          <Button
            variant={compare.on ? 'filled' : 'default'}
            color={compare.on ? 'grape' : undefined}
            leftSection={<IconGitCompare size={16} />}
            aria-pressed={compare.on}
            onClick={compare.toggle}
            data-testid="compare-toggle"
          >
            {t('VIEWER.Compare.Toggle')}
          </Button>
        )}
        {onDecide && (
          <>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => onDecide('request-revision')}
            >
              {t('VIEWER.Decision.RequestRevision')}
            </Button>
            <Button leftSection={<IconCheck size={16} />} onClick={() => onDecide('approve')}>
              {t('VIEWER.Decision.Approve')}
            </Button>
          </>
        )}
        {submit && (
          <Tooltip label={submit.hint ? t(submit.hint) : ''} disabled={submit.enabled}>
            <Button
              disabled={!submit.enabled}
              loading={submitRevised.isPending}
              onClick={() => submitRevised.mutate({ stateKey, requirements: null })}
            >
              {t('VIEWER.Decision.Submit')}
            </Button>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
