import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Tooltip } from '../../../../components/tooltip';
import { IconAlertTriangle, IconEye } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HelpTopic } from '../../../../../shared/rules/help-topics';
import { isOrderLot } from '../../../../../shared/rules/project-units';
import { decisionStates } from '../../../../../shared/rules/review';
import type { UnitAction } from '../../../../../shared/schemas/workflow';
import { confirmAction } from '../../../../components/confirm';
import { HelpButton } from '../../../../components/help-dialog';
import { StateBadge, useStateLabel } from '../../../../components/state-badge';
import { useFormatters } from '../../../../lib/format';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useChangeUnitState } from '../../../../lib/use-change-unit-state';
import { useUnitActions, useUnitTasks } from '../../api/unit-workflow';
import { DialogLoader } from '../../../../components/dialog-loader';
import { viewerStates } from '../../../../../shared/rules/review';

// Loaded when first opened (its form is not part of the page's first screen).
const CheckDataDialog = lazy(async () => ({ default: (await import('./check-data-dialog')).CheckDataDialog }));

type PanelUnit = {
  projectUnitID: number;
  rootProjectUnitID: number;
  projectUnitNo: string;
  projectUnitType: string;
  title: string;
  stateKey: string;
};

/** Help dialog type by state (spec §2: upload, structuring, review-drawings, preparing). */
const helpByState: Record<string, HelpTopic> = {
  Structuring: 'structuring',
  Preparing: 'preparing',
  ProvideFiles: 'upload',
  ReviewDrawings: 'review-drawings',
  ReviewPreliminaryDrawings: 'review-drawings',
  ReviewRevisedDrawings: 'review-drawings',
};

/**
 * The project tasks panel (spec §2, §4): the user's tasks for the unit with the actions of the
 * state. Shown when the user has a task here, or holds none but may act all the same (internal
 * staff, as the server answers); each action asks for confirmation (350 px).
 */
export function ProjectTasksPanel({ unit }: { unit: PanelUnit }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const stateLabel = useStateLabel();
  const tasks = useUnitTasks(unit.projectUnitID);
  const actions = useUnitActions(unit.projectUnitID);
  const update = useChangeUnitState(unit.projectUnitID, {
    onSuccess: (res) => notifySuccess(t('WORKFLOW.Success', { state: stateLabel(res.stateKey) })),
    onError: (err) => notifyError(err),
  });
  const [checkData, setCheckData] = useState<boolean | null>(null);

  if (tasks.isLoading) return <Skeleton h={120} radius="md" />;
  const task = tasks.data?.[0];
  const mayAct = actions.data?.stateKey === unit.stateKey && actions.data.mayAct && actions.data.actions.length > 0;
  if (!task && !mayAct) return null;
  const stateKey = task?.stateKey ?? unit.stateKey;
  const help = helpByState[stateKey];

  const run = async (a: UnitAction) => {
    if (a.action === 'ccl-check-data') {
      setCheckData(true);
      return;
    }
    const ok = await confirmAction({
      title: t('WORKFLOW.ConfirmTitle'),
      message: t('WORKFLOW.ConfirmMessage', {
        action: t(`WORKFLOW.Action.${a.action}`),
        unit: `${unit.projectUnitNo} ${unit.title}`,
        state: stateLabel(a.nextState),
      }),
      confirmLabel: t(`WORKFLOW.Action.${a.action}`),
    });
    if (!ok) return;
    update.mutate({ requirements: a.requirement, stateKey: unit.stateKey });
  };

  // Order lots place their order from the order panel, the only place that knows about unsaved rows.
  const orderLot = isOrderLot(unit.projectUnitType);
  const current = actions.data?.stateKey === unit.stateKey ? actions.data.actions : [];
  // Drawings are approved or sent back for revision in the viewer, where the open topics are.
  const decidesInViewer = unit.projectUnitType === 'approvallot' && decisionStates.includes(unit.stateKey);
  const list = current.filter(
    (a) =>
      !(orderLot && a.action === 'place-order') &&
      !(decidesInViewer && (a.action === 'approve' || a.action === 'request-revision')),
  );
  const ordersBelow = orderLot && current.some((a) => a.action === 'place-order');
  const decisionInViewer =
    decidesInViewer && current.some((a) => a.action === 'approve' || a.action === 'request-revision');
  const viewerPath = `/home/app/viewer/${unit.rootProjectUnitID}/${unit.projectUnitID}/view`;
  return (
    <Card withBorder radius="md" padding="md" data-testid="project-tasks-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('WORKFLOW.PanelTitle')}
        </Title>
        {help && <HelpButton topic={help} />}
      </Group>
      <Stack gap="sm">
        <Group gap="sm">
          <StateBadge stateKey={stateKey} size="lg" />
          {task && (
            <Text size="sm" c="dimmed">
              {t('WORKFLOW.Since', { date: fmt.dateTime(task.changedOn) })}
            </Text>
          )}
        </Group>
        {!task && (
          <Text size="sm" data-testid="not-your-task">
            {t('WORKFLOW.NotYourTask')}
          </Text>
        )}
        {actions.isError && <Alert color="red">{t('ERRORMESSAGES.Unexpected')}</Alert>}
        <Group gap="sm">
          {viewerStates.includes(unit.stateKey) && (
            <Button component={Link} to={viewerPath} variant="light" leftSection={<IconEye size={16} aria-hidden />}>
              {t('WORKFLOW.Action.open-viewer')}
            </Button>
          )}
          {list.map((a) => {
            const button = (
              <Button
                key={`${a.action}-${a.requirement}`}
                onClick={() => run(a)}
                disabled={!a.enabled || update.isPending}
                loading={update.isPending && update.variables?.requirements === a.requirement}
                data-action={a.action}
              >
                {t(`WORKFLOW.Action.${a.action}`)}
              </Button>
            );
            return a.enabled ? (
              button
            ) : (
              <Tooltip
                key={`${a.action}-${a.requirement}`}
                label={t(a.hint ?? 'WORKFLOW.NoTransition')}
                multiline
                w={260}
              >
                <span>{button}</span>
              </Tooltip>
            );
          })}
        </Group>
        {decisionInViewer && (
          <Text size="sm" c="dimmed" data-testid="decide-in-viewer">
            {t('VIEWER.Decision.InViewerHint')}
          </Text>
        )}
        {ordersBelow && (
          <Text size="sm" c="dimmed" data-testid="place-order-below">
            {t('ORDER.PlaceOrderBelowHint')}
          </Text>
        )}
        {list
          .filter((a) => !a.enabled && a.hint)
          .map((a) => (
            // Orange text on white stays under 4.5:1 (WCAG AA); the orange icon carries the signal.
            <Group key={`hint-${a.action}-${a.requirement}`} gap={6} wrap="nowrap" align="flex-start">
              <IconAlertTriangle
                size={16}
                color="var(--mantine-color-orange-7)"
                aria-hidden
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              <Text size="sm" data-testid="action-hint">
                {t(a.hint!)}
              </Text>
            </Group>
          ))}
      </Stack>
      {/* Mounted from its first opening on, so a draft survives closing it. */}
      {checkData !== null && (
        <Suspense fallback={<DialogLoader />}>
          <CheckDataDialog
            unitId={unit.projectUnitID}
            rootUnitId={unit.rootProjectUnitID}
            opened={checkData}
            onClose={() => setCheckData(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}
