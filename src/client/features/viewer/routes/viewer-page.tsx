import { Alert, Center, Loader, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { decisionStates } from '../../../../shared/rules/review';
import { apiErrorText } from '../../../lib/notify';
import { useReviewActions, useReviewFiles, useReviewMembers, useReviewUnit } from '../api/get-review-context';
import { useTopics } from '../api/topics';
import { DecisionDialog } from '../components/decision-dialog';
import { SignOffNote } from '../components/sign-off-note';
import { TopicDialog } from '../components/topic-dialog';
import { ViewerCentre } from '../components/viewer-centre';
import { ViewerHeader } from '../components/viewer-header';
import { ViewerFiles, ViewerTopics } from '../components/viewer-panels';
import { useDecision } from '../hooks/use-decision';
import { useReviewFile } from '../hooks/use-review-file';
import { useReviewFocus } from '../hooks/use-review-focus';
import { pdfMarkupsOf } from './review-selection';
import './viewer-page.css';

/** The drawing viewer (spec §2 `home/app/viewer/{rootId}/{unitId}/view`): files, drawing or model, topics, decision. */
export function ViewerPage() {
  const params = useParams();
  const rootId = Number(params.rootId);
  const unitId = Number(params.unitId);
  const { t } = useTranslation();
  const unit = useReviewUnit(unitId);
  const files = useReviewFiles(rootId, unitId);
  const topics = useTopics(rootId, unitId);
  const members = useReviewMembers(rootId);
  const actions = useReviewActions(unitId);
  const state = unit.data?.stateKey ?? '';
  const decision = useDecision(rootId, unitId, state);
  const data = { files: files.data?.data, topics: topics.data?.data, stateKey: unit.data?.stateKey };
  const shown = useReviewFile(rootId, unitId, data, decision.opened);
  const { current, file, kind, comparing } = shown;
  const focus = useReviewFocus(shown);
  const { activeTopic } = focus;

  if (topics.isError || unit.isError) {
    return (
      <Center h={300}>
        <Alert color="red">{apiErrorText(topics.error ?? unit.error)}</Alert>
      </Center>
    );
  }
  if (!unit.data || !topics.data || !files.data) {
    return (
      <Center h={300}>
        <Loader />
      </Center>
    );
  }

  const canWrite = topics.data.canWrite;
  const openTopics = topics.data.data.filter((x) => x.status === 'open');
  const mayAct = actions.data?.mayAct ?? false;
  // Review decisions are the task holder's alone (the server refuses anyone else).
  const decides = (actions.data?.holdsTask ?? false) && decisionStates.includes(state);
  const submit = mayAct ? actions.data?.actions.find((a) => a.action === 'submit-revised-drawings') : undefined;

  return (
    // On a phone the page grows with its panels, stacked (files, drawing, topics); from md on they sit side by side.
    <Stack gap="sm" className="viewer-page">
      <ViewerHeader
        rootId={rootId}
        unitId={unitId}
        title={unit.data.title}
        stateKey={state}
        compare={
          file && shown.earlier.length > 0 && (kind === 'pdf' || shown.conversion?.status === 'ready')
            ? { on: comparing, toggle: () => shown.setCompareOn(!comparing) }
            : null
        }
        onDecide={decides ? decision.open : null}
        submit={submit}
      />
      {!canWrite && <Alert color="gray">{t('VIEWER.ReadOnly')}</Alert>}
      {state === 'ReviseDrawings' && openTopics.length > 0 && (
        <Alert color="orange">{t('VIEWER.Decision.OpenTopicsForDrafter', { count: openTopics.length })}</Alert>
      )}
      <SignOffNote
        rootId={rootId}
        unitId={unitId}
        fileId={current?.fileId ?? null}
        version={current?.version ?? null}
        enabled={state === 'Finalized' || state === 'Approved'}
      />

      <div className="viewer-panels" data-testid="viewer-panels">
        <ViewerFiles files={shown.reviewable} selected={current} onSelect={focus.selectFile} />

        <Paper withBorder className="viewer-centre" data-testid="viewer-centre">
          <ViewerCentre
            rootId={rootId}
            unitId={unitId}
            shown={shown}
            canWrite={canWrite}
            markups={kind === 'pdf' ? pdfMarkupsOf(topics.data.data, current, activeTopic?.topicID ?? null) : []}
            focusPage={activeTopic?.markup?.page ?? null}
            onMarkup={focus.onMarkup}
            model={{ ...focus.model, onNewTopic: canWrite ? focus.model.onNewTopic : null }}
          />
        </Paper>

        <ViewerTopics
          openCount={openTopics.length}
          drawHint={canWrite && kind === 'pdf'}
          rootId={rootId}
          unitId={unitId}
          topics={topics.data.data}
          canWrite={canWrite}
          members={members.data ?? []}
          currentVersion={file?.version ?? null}
          activeTopicId={activeTopic?.topicID ?? null}
          onShow={focus.showTopic}
        />
      </div>

      {focus.anchor && (
        <TopicDialog
          rootId={rootId}
          unitId={unitId}
          anchor={focus.anchor}
          members={members.data ?? []}
          onClose={focus.closeAnchor}
        />
      )}
      <DecisionDialog
        opened={decision.opened}
        decision={decision.decision}
        openTopics={openTopics.length}
        openTopicList={openTopics}
        pending={decision.pending}
        changes={{ regions: shown.unitChanges.regions, elements: shown.unitChanges.elements }}
        onClose={decision.close}
        onConfirm={decision.run}
      />
    </Stack>
  );
}
