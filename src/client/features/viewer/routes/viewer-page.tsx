import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Flex,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconArrowLeft, IconCheck, IconGitCompare, IconMessagePlus, IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { decisionStates } from '../../../../shared/rules/review';
import { reviewableKind } from '../../../../shared/rules/review';
import type { PdfMarkup, ReviewTopic, TopicChoice } from '../../../../shared/schemas/review';
import {
  ModelViewerSlot,
  type ModelViewerHandle,
  type SelectedModelElement,
} from '../../../components/model-viewer-slot';
import { StateBadge } from '../../../components/state-badge';
import { apiErrorText, notifyError, notifySuccess } from '../../../lib/notify';
import { defaultAgainst, useComparison, useUnitChanges } from '../api/compare';
import { useDecide, useSubmitRevised } from '../api/decide';
import { useReviewActions, useReviewFiles, useReviewMembers, useReviewUnit } from '../api/get-review-context';
import { fragmentsUrl, pdfUrl } from '../api/keys';
import { useTopics } from '../api/topics';
import { BcfActions } from '../components/bcf-actions';
import { DecisionDialog, type Decision } from '../components/decision-dialog';
import { MODEL_DIFF_COLOURS, ModelCompare } from '../components/model-compare';
import { ReviewFileList } from '../components/review-file-list';
import { TopicDialog, type TopicAnchor } from '../components/topic-dialog';
import { SignOffNote } from '../components/sign-off-note';
import { TopicsPanel } from '../components/topics-panel';
import './viewer-page.css';

// pdf.js and its worker load only when a drawing is opened.
const PdfViewer = lazy(() => import('../components/pdf-viewer').then((m) => ({ default: m.PdfViewer })));
const PdfCompare = lazy(() => import('../components/pdf-compare').then((m) => ({ default: m.PdfCompare })));

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
  const decide = useDecide(rootId, unitId);
  const submitRevised = useSubmitRevised(unitId);
  const [selected, setSelected] = useState<{ fileId: number; version: number } | null>(null);
  const [anchor, setAnchor] = useState<TopicAnchor | null>(null);
  const [activeTopic, setActiveTopic] = useState<ReviewTopic | null>(null);
  // The decision stays set while its dialog closes, so the dialog's text does not change as it fades.
  const [confirm, setConfirm] = useState<Decision | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [element, setElement] = useState<SelectedModelElement | null>(null);
  const handle = useRef<ModelViewerHandle | null>(null);
  // Compare mode: on by default where revised drawings are reviewed; the version compared with per file.
  const [compareOn, setCompareOn] = useState<boolean | null>(null);
  const [againstByFile, setAgainstByFile] = useState<Record<number, number>>({});
  const [diffElement, setDiffElement] = useState<string | null>(null);

  const reviewable = useMemo(
    () => (files.data?.data ?? []).filter((f) => reviewableKind(f.name) !== null),
    [files.data],
  );
  const current =
    selected ?? (reviewable[0] ? { fileId: reviewable[0].projectFileID, version: reviewable[0].version } : null);
  const file = reviewable.find((f) => f.projectFileID === current?.fileId) ?? null;
  const kind = file ? reviewableKind(file.name) : null;
  const conversion = file?.versions.find((v) => v.version === current?.version)?.conversion ?? null;
  const topicVersionsOf = (fileId: number) =>
    (topics.data?.data ?? []).filter((x) => x.projectFileID === fileId).map((x) => x.version);
  const againstOf = (f: { projectFileID: number; versions: { version: number }[] }, shown: number) =>
    againstByFile[f.projectFileID] ??
    defaultAgainst(
      f.versions.map((v) => v.version),
      shown,
      topicVersionsOf(f.projectFileID),
    );
  const earlier = file && current ? file.versions.map((v) => v.version).filter((v) => v < current.version) : [];
  const against = file && current ? againstOf(file, current.version) : null;
  const comparing = (compareOn ?? unit.data?.stateKey === 'ReviewRevisedDrawings') && against !== null;
  const modelComparison = useComparison(
    rootId,
    unitId,
    file?.projectFileID ?? 0,
    current?.version ?? 0,
    comparing && kind === 'ifc' ? against : null,
  );
  const modelDiff = modelComparison.data?.kind === 'model' ? modelComparison.data : null;
  const unitChanges = useUnitChanges(
    rootId,
    unitId,
    reviewable.flatMap((f) => {
      const a = againstOf(f, f.version);
      return a === null ? [] : [{ fileId: f.projectFileID, version: f.version, against: a }];
    }),
    confirmOpen,
  );

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

  const state = unit.data.stateKey;
  const canWrite = topics.data.canWrite;
  const openTopics = topics.data.data.filter((x) => x.status === 'open');
  const mayAct = actions.data?.mayAct ?? false;
  const actionOf = (name: string) => actions.data?.actions.find((a) => a.action === name);
  // Review decisions are the task holder's alone (the server refuses anyone else).
  const decisions = (actions.data?.holdsTask ?? false) && decisionStates.includes(state);
  const submit = mayAct ? actionOf('submit-revised-drawings') : undefined;
  const shownTopics = topics.data.data.filter((x) => x.projectFileID === current?.fileId);
  const markups =
    kind === 'pdf'
      ? shownTopics
          .filter(
            (x): x is ReviewTopic & { markup: PdfMarkup } =>
              x.markup !== null && (x.status === 'open' || x.version === current?.version),
          )
          .map((x) => ({ id: x.topicID, markup: x.markup, active: activeTopic?.topicID === x.topicID }))
      : [];
  const highlight = activeTopic?.viewpoint?.selection ?? (element?.globalId ? [element.globalId] : []);

  const runDecision = (decision: Decision, topicChoices: TopicChoice[]) =>
    decide.mutate(
      { decision, stateKey: state, ...(decision === 'approve' ? { topicChoices } : {}) },
      {
        onSuccess: () => {
          notifySuccess(t('VIEWER.Decision.Done'));
          setConfirmOpen(false);
        },
        onError: (err) => {
          setConfirmOpen(false);
          notifyError(err, t('VIEWER.Decision.Failed'));
        },
      },
    );

  const newModelTopic = () => {
    if (!file || !current) return;
    const camera = handle.current?.getCamera();
    setAnchor({
      projectFileID: file.projectFileID,
      version: current.version,
      viewpoint: camera
        ? { camera, selection: handle.current?.getSelection() ?? [], ...handle.current?.getMarkup() }
        : null,
    });
  };

  return (
    // On a phone the page grows with its panels, stacked (files, drawing, topics); from md on they sit side by side.
    <Stack gap="sm" className="viewer-page">
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
              {t('VIEWER.Title')}: {unit.data.title}
            </Title>
            <StateBadge stateKey={state} />
          </Group>
        </Stack>
        <Group gap="xs">
          {file && earlier.length > 0 && (kind === 'pdf' || conversion?.status === 'ready') && (
            <Button
              variant={comparing ? 'filled' : 'default'}
              color={comparing ? 'grape' : undefined}
              leftSection={<IconGitCompare size={16} />}
              aria-pressed={comparing}
              onClick={() => setCompareOn(!comparing)}
              data-testid="compare-toggle"
            >
              {t('VIEWER.Compare.Toggle')}
            </Button>
          )}
          {decisions && (
            <>
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => {
                  setConfirm('request-revision');
                  setConfirmOpen(true);
                }}
              >
                {t('VIEWER.Decision.RequestRevision')}
              </Button>
              <Button
                leftSection={<IconCheck size={16} />}
                onClick={() => {
                  setConfirm('approve');
                  setConfirmOpen(true);
                }}
              >
                {t('VIEWER.Decision.Approve')}
              </Button>
            </>
          )}
          {submit && (
            <Tooltip label={submit.hint ? t(submit.hint) : ''} disabled={submit.enabled}>
              <Button
                disabled={!submit.enabled}
                loading={submitRevised.isPending}
                onClick={() =>
                  submitRevised.mutate(state, {
                    onSuccess: () => notifySuccess(t('VIEWER.Decision.Done')),
                    onError: (err) => notifyError(err, t('VIEWER.Decision.Failed')),
                  })
                }
              >
                {t('VIEWER.Decision.Submit')}
              </Button>
            </Tooltip>
          )}
        </Group>
      </Group>
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
        <Paper withBorder p="xs" className="viewer-files">
          <Text fw={600} size="sm" mb="xs">
            {t('VIEWER.Files')}
          </Text>
          <ScrollArea className="viewer-files-list">
            {reviewable.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('VIEWER.NoFiles')}
              </Text>
            ) : (
              <ReviewFileList
                files={reviewable}
                selected={current}
                onSelect={(fileId, version) => {
                  setSelected({ fileId, version });
                  setActiveTopic(null);
                  setElement(null);
                }}
              />
            )}
          </ScrollArea>
        </Paper>

        <Paper withBorder className="viewer-centre" data-testid="viewer-centre">
          {!file || !current ? (
            <Center h="100%">
              <Text c="dimmed">{t('VIEWER.SelectFile')}</Text>
            </Center>
          ) : kind === 'pdf' && comparing && against !== null ? (
            <Suspense
              fallback={
                <Center h="100%">
                  <Loader />
                </Center>
              }
            >
              <PdfCompare
                key={`${file.projectFileID}-${current.version}`}
                rootId={rootId}
                unitId={unitId}
                fileId={file.projectFileID}
                version={current.version}
                earlier={[...earlier].sort((a, b) => b - a)}
                against={against}
                onAgainstChange={(v) => setAgainstByFile((m) => ({ ...m, [file.projectFileID]: v }))}
                canDraw={canWrite}
                onRegionTopic={(markup) =>
                  setAnchor({ projectFileID: file.projectFileID, version: current.version, markup })
                }
              />
            </Suspense>
          ) : kind === 'pdf' ? (
            <Suspense
              fallback={
                <Center h="100%">
                  <Loader />
                </Center>
              }
            >
              <PdfViewer
                url={pdfUrl(rootId, unitId, file.projectFileID, current.version)}
                sheet={{ rootId, unitId, fileId: file.projectFileID, version: current.version }}
                markups={markups}
                canDraw={canWrite}
                focusPage={activeTopic?.markup?.page ?? null}
                onDraw={(markup) => setAnchor({ projectFileID: file.projectFileID, version: current.version, markup })}
              />
            </Suspense>
          ) : conversion?.status === 'ready' ? (
            <Stack h="100%" gap={0}>
              {canWrite && (
                <Group justify="flex-end" p={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                  <Button size="xs" variant="light" leftSection={<IconMessagePlus size={16} />} onClick={newModelTopic}>
                    {t('VIEWER.Topics.NewFromView')}
                  </Button>
                </Group>
              )}
              {/* The diff list beside the model only where the centre is wide enough to keep the model
                  usable (files and topics take 560 px); below, above it. */}
              <Flex direction={{ base: 'column', xl: 'row' }} style={{ flex: 1, minHeight: 0 }}>
                {comparing && against !== null && (
                  <Box
                    w={{ base: '100%', xl: 320 }}
                    h={{ base: 260, xl: 'auto' }}
                    style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)' }}
                  >
                    <ModelCompare
                      comparison={{ ...modelComparison, data: modelDiff }}
                      earlier={[...earlier].sort((a, b) => b - a)}
                      against={against}
                      onAgainstChange={(v) => setAgainstByFile((m) => ({ ...m, [file.projectFileID]: v }))}
                      selected={diffElement}
                      onSelect={(g) => {
                        setActiveTopic(null);
                        setDiffElement(g);
                      }}
                    />
                  </Box>
                )}
                <Box p="xs" style={{ flex: 1, minHeight: 0 }}>
                  <ModelViewerSlot
                    key={`${file.projectFileID}-${current.version}`}
                    modelUrl={fragmentsUrl(rootId, unitId, file.projectFileID, current.version)}
                    highlightGlobalIds={comparing && diffElement ? [diffElement] : highlight}
                    colouredGlobalIds={
                      comparing && modelDiff
                        ? [
                            { color: MODEL_DIFF_COLOURS.added, globalIds: modelDiff.added.map((e) => e.globalId) },
                            { color: MODEL_DIFF_COLOURS.changed, globalIds: modelDiff.changed.map((e) => e.globalId) },
                          ]
                        : undefined
                    }
                    removedFrom={
                      comparing && modelDiff && against !== null
                        ? {
                            modelUrl: fragmentsUrl(rootId, unitId, file.projectFileID, against),
                            globalIds: modelDiff.removed.map((e) => e.globalId),
                            color: MODEL_DIFF_COLOURS.removed,
                          }
                        : undefined
                    }
                    frameGlobalIds={comparing && diffElement ? [diffElement] : undefined}
                    // A topic's view, or an element picked from the comparison, shows through the rest.
                    ghostOthers={!!activeTopic?.viewpoint?.selection.length || (comparing && !!diffElement)}
                    onSelectElement={(e) => {
                      setActiveTopic(null);
                      setElement(e);
                    }}
                    onReady={(h) => (handle.current = h)}
                    tools
                  />
                </Box>
              </Flex>
            </Stack>
          ) : (
            <Center h="100%" p="md">
              {conversion?.status === 'failed' ? (
                <Alert color="red" title={t('FILES.Conversion.failed')}>
                  {t(conversion.reason ?? 'VIEWER.Conversion.Failed.Unreadable')}
                </Alert>
              ) : (
                <Group gap="xs">
                  <Loader size="sm" />
                  <Text size="sm">{t('VIEWER.Conversion.NotReady')}</Text>
                </Group>
              )}
            </Center>
          )}
        </Paper>

        <Paper withBorder p="xs" className="viewer-topics" style={{ display: 'flex', flexDirection: 'column' }}>
          <Group justify="space-between" mb="xs" gap="xs">
            <Text fw={600} size="sm">
              {t('VIEWER.Topics.Title')} ({openTopics.length})
            </Text>
            <BcfActions rootId={rootId} unitId={unitId} canWrite={canWrite} />
          </Group>
          {canWrite && kind === 'pdf' && (
            <Text size="xs" c="dimmed" mb="xs">
              {t('VIEWER.Topics.DrawHint')}
            </Text>
          )}
          <ScrollArea style={{ flex: 1 }}>
            <TopicsPanel
              rootId={rootId}
              unitId={unitId}
              topics={topics.data.data}
              canWrite={canWrite}
              members={members.data ?? []}
              currentVersion={file?.version ?? null}
              activeTopicId={activeTopic?.topicID ?? null}
              onShow={(topic) => {
                if (topic.projectFileID && topic.version) {
                  const f = reviewable.find((x) => x.projectFileID === topic.projectFileID);
                  if (f)
                    setSelected({
                      fileId: f.projectFileID,
                      version: current?.fileId === f.projectFileID ? current.version : f.version,
                    });
                }
                setActiveTopic(topic);
                if (topic.viewpoint) {
                  handle.current?.setCamera(topic.viewpoint.camera);
                  handle.current?.showMarkup(topic.viewpoint);
                }
              }}
            />
          </ScrollArea>
        </Paper>
      </div>

      {anchor && (
        <TopicDialog
          rootId={rootId}
          unitId={unitId}
          anchor={anchor}
          members={members.data ?? []}
          onClose={() => setAnchor(null)}
        />
      )}
      <DecisionDialog
        opened={confirmOpen}
        decision={confirm}
        openTopics={openTopics.length}
        openTopicList={openTopics}
        pending={decide.isPending}
        changes={{ regions: unitChanges.regions, elements: unitChanges.elements }}
        onClose={() => setConfirmOpen(false)}
        onConfirm={runDecision}
      />
    </Stack>
  );
}
