import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconBuildingSkyscraper,
  IconCircleCheck,
  IconDeviceFloppy,
  IconInfoCircle,
} from '@tabler/icons-react';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type Dispatch,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { normaliseTitle } from '../../../../shared/rules/project-units';
import {
  checkStructure,
  structureProblemToMessage,
  structureTotals,
  subprojectsOverLimit,
  type StructureProblem,
} from '../../../../shared/rules/structure';
import type { ErrorMessage } from '../../../../shared/errors';
import type { StructureDraftResponse } from '../../../../shared/schemas/structure';
import { informUser } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/format';
import { closeLabel, notifyError, notifySuccess } from '../../../lib/notify';
import { serverMessageText } from '../../../lib/server-message';
import { useCreateProjectStructure } from '../api/create-structure';
import { useSaveStructureDraft } from '../api/structure-draft';
import { AddRow } from './add-row';
import { ExistingSubprojects, UnitRefusal, unitMessages } from './existing-subprojects';
import { clearIfcRun, useIfcRun, useWatchIfcRun } from '../api/ifc-run';
import { GenerateDialog, structureOfRun } from './generate-dialog';
import { SubprojectPanel } from './subproject-panel';
import { emptyStructure, newRowId, structureReducer, type StructureAction } from './structure-state';
import { useLocalDraft } from './use-local-draft';

const DEFER_ROWS_FROM = 40;

type Props = { rootId: number; draft: StructureDraftResponse };

const isDuplicate = (p: StructureProblem) => p.kind === 'duplicateSubproject' || p.kind === 'duplicateApprovalLot';

/** The structure editor: the accordion of subprojects, the local draft, Save and Structuring-finished. */
export function StructureEditor({ rootId, draft }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const navigate = useNavigate();
  const local = useLocalDraft(rootId);
  const serverStructure = draft.structure ?? emptyStructure;
  // Compared once on opening (serialising a large structure on every keystroke would slow typing).
  const [offer, setOffer] = useState(
    () => local.initial !== null && JSON.stringify(local.initial.structure) !== JSON.stringify(serverStructure),
  );
  const [structure, dispatch] = useReducer(structureReducer, serverStructure);
  const [showProblems, setShowProblems] = useState(false);
  const [generating, setGenerating] = useState(false);
  const save = useSaveStructureDraft(rootId);
  const finish = useCreateProjectStructure(rootId);
  const readOnly = !draft.canEdit || offer;
  const earliest = draft.earliestDeliveryDate;
  const types = draft.materialTypes;
  const existing = draft.existingSubprojects ?? [];
  const [refusal, setRefusal] = useState<{ title: string; messages: ErrorMessage[] } | null>(null);
  const firstRender = useRef(true);

  local.setPaused(offer);
  const writeLocal = local.write;
  useEffect(() => {
    // The opening state is the server's; only the user's changes go to the local draft.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (draft.canEdit) writeLocal(structure);
  }, [structure, draft.canEdit, writeLocal]);

  const totals = useMemo(() => structureTotals(structure), [structure]);
  // Beyond a few dozen approval lots, rows are built as they scroll into view.
  const deferRows = structure.subProjects.reduce((n, s) => n + s.approvalLots.length, 0) > DEFER_ROWS_FROM;
  const overLimit = useMemo(() => subprojectsOverLimit(structure).length > 0, [structure]);
  const duplicateSubs = useMemo(() => {
    const seen = new Set<string>();
    return new Set(
      structure.subProjects.flatMap((s) => {
        const key = normaliseTitle(s.name);
        const dup = key !== '' && seen.has(key);
        seen.add(key);
        return dup ? [s.id] : [];
      }),
    );
  }, [structure]);

  const warn = useCallback(
    (title: string, message: string) =>
      notifications.show({ color: 'orange', title, message, closeButtonProps: closeLabel() }),
    [],
  );

  /** The rules before a call; the first problem is explained the way the spec asks for it. */
  const checkBefore = (title: string): boolean => {
    const problems = checkStructure(structure, earliest, types);
    if (problems.length === 0) return true;
    setShowProblems(true);
    const first = problems.find(isDuplicate) ?? problems[0];
    if (!first) return true;
    const text = serverMessageText(structureProblemToMessage(first));
    if (isDuplicate(first)) void informUser(t('PROJECT.Duplicate.Title'), text);
    else warn(title, text);
    return false;
  };

  const showServerError = (error: unknown, title: string) => {
    const naming = error instanceof ApiError ? unitMessages(error.body.messages) : [];
    if (naming.length > 0) {
      // A refusal about units made outside the editor: named, with a link to each, until the next try.
      setRefusal({ title, messages: naming });
      return;
    }
    if (error instanceof ApiError && error.code === 'DuplicateElement') {
      const m = error.body.messages[0];
      void informUser(t('PROJECT.Duplicate.Title'), m ? serverMessageText(m) : t('PROJECT.Duplicate.Message'));
      return;
    }
    notifyError(error, title);
  };

  const onSave = () => {
    if (!checkBefore(t('STRUCTURE.SaveRefused'))) return;
    save.mutate(structure, {
      onSuccess: () => notifySuccess(t('STRUCTURE.Saved')),
      onError: (e) => showServerError(e, t('STRUCTURE.SaveRefused')),
    });
  };

  const onFinish = () => {
    if (!checkBefore(t('STRUCTURE.Errors.NotValid'))) return;
    if (structure.subProjects.some((s) => s.approvalLots.some((l) => l.materials.some((m) => m.fromModel)))) {
      setShowProblems(true);
      warn(t('STRUCTURE.Errors.NotValid'), t('STRUCTURE.Errors.ConfirmModelVolumes'));
      return;
    }
    setRefusal(null);
    finish.mutate(structure, {
      onSuccess: () => {
        local.remove();
        notifySuccess(t('STRUCTURE.Finished'));
        void navigate(`/home/app/project/details/${rootId}`);
      },
      onError: (e) => showServerError(e, t('STRUCTURE.Errors.FinishFailed')),
    });
  };

  const hasStructure = structure.subProjects.length > 0;
  const busy = save.isPending || finish.isPending;
  // Stable handlers calling the latest ones: the toolbar does not render again on every keystroke.
  const handlers = useRef({ onSave, onFinish });
  useLayoutEffect(() => {
    handlers.current = { onSave, onFinish };
  });
  const onSaveStable = useCallback(() => handlers.current.onSave(), []);
  const onFinishStable = useCallback(() => handlers.current.onFinish(), []);
  const openGenerate = useCallback(() => setGenerating(true), []);
  const closeGenerate = useCallback(() => setGenerating(false), []);
  // A reading of the model, started here or before the user went elsewhere, is taken when it is ready.
  useWatchIfcRun(rootId);
  const run = useIfcRun(rootId);
  const materialType = types[0] ?? 'aac';
  useEffect(() => {
    if (run?.status !== 'done' || readOnly) return;
    clearIfcRun(rootId);
    dispatch({ type: run.options.mode, structure: structureOfRun(run, earliest, materialType) });
    setGenerating(false);
    notifySuccess(t('STRUCTURE.Generate.Done'));
  }, [run, readOnly, rootId, earliest, materialType, t]);
  const addSubproject = useCallback((name: string) => dispatch({ type: 'addSubproject', id: newRowId(), name }), []);

  return (
    <Stack gap="md">
      {offer && local.initial && (
        <Alert
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          title={t('STRUCTURE.LocalDraft.Title')}
          data-testid="local-draft-offer"
        >
          <Stack gap="xs">
            <Text size="sm">{t('STRUCTURE.LocalDraft.Message', { date: fmt.dateTime(local.initial.savedAt) })}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  if (local.initial) dispatch({ type: 'replace', structure: local.initial.structure });
                  setOffer(false);
                }}
              >
                {t('STRUCTURE.LocalDraft.Continue')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  local.remove();
                  setOffer(false);
                }}
              >
                {t('STRUCTURE.LocalDraft.Discard')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {local.foreignChange && (
        <Alert color="orange" title={t('STRUCTURE.OtherTab.Title')} role="alert" data-testid="other-tab-notice">
          <Stack gap="xs">
            <Text size="sm">
              {t('STRUCTURE.OtherTab.Message', { date: fmt.dateTime(local.foreignChange.savedAt) })}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  if (local.foreignChange) dispatch({ type: 'replace', structure: local.foreignChange.structure });
                  local.dismissForeignChange();
                }}
              >
                {t('STRUCTURE.OtherTab.Load')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => local.dismissForeignChange()}>
                {t('STRUCTURE.OtherTab.Keep')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {!draft.canEdit && (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
          {t(draft.stateKey === 'Structuring' ? 'STRUCTURE.ReadOnly' : 'STRUCTURE.NotStructuring')}
        </Alert>
      )}

      <Toolbar
        hasStructure={hasStructure}
        readOnly={readOnly}
        overLimit={overLimit}
        saving={save.isPending}
        finishing={finish.isPending}
        onSave={onSaveStable}
        onFinish={onFinishStable}
        onGenerate={openGenerate}
        dispatch={dispatch}
      />

      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {draft.savedOn
            ? t('STRUCTURE.ServerDraft', { date: fmt.dateTime(draft.savedOn), name: draft.savedByName ?? '' })
            : t('STRUCTURE.NoServerDraft')}
        </Text>
        <Text size="sm" fw={600} data-testid="project-total">
          {t('STRUCTURE.ProjectTotal', {
            total: fmt.number(totals.total + existing.reduce((sum, s) => sum + s.volume, 0)),
            subprojects: structure.subProjects.length + existing.length,
            count: structure.subProjects.length + existing.length,
          })}
        </Text>
      </Group>

      {refusal && <UnitRefusal rootId={rootId} title={refusal.title} messages={refusal.messages} />}
      <ExistingSubprojects rootId={rootId} subs={existing} />

      {!hasStructure && (
        <Paper withBorder p="lg" radius="md" ta="center" data-testid="empty-hint">
          <Text fw={600}>{t('STRUCTURE.Empty.Title')}</Text>
          <Text size="sm" c="dimmed">
            {t('STRUCTURE.Empty.Message')}
          </Text>
        </Paper>
      )}

      <Stack gap="sm" aria-busy={busy}>
        {structure.subProjects.map((sub, index) => (
          <SubprojectPanel
            key={sub.id}
            sub={sub}
            index={index}
            earliest={earliest}
            materialTypes={types}
            readOnly={readOnly}
            showProblems={showProblems}
            duplicateName={duplicateSubs.has(sub.id)}
            deferRows={deferRows}
            dispatch={dispatch}
          />
        ))}
      </Stack>
      {!readOnly && (
        <AddRow
          label={t('STRUCTURE.AddSubproject')}
          placeholder={t('STRUCTURE.AddSubprojectPlaceholder')}
          testId="add-subproject"
          onAdd={addSubproject}
        />
      )}

      <GenerateDialog opened={generating} rootId={rootId} hasStructure={hasStructure} onClose={closeGenerate} />
    </Stack>
  );
}

type ToolbarProps = {
  hasStructure: boolean;
  readOnly: boolean;
  overLimit: boolean;
  saving: boolean;
  finishing: boolean;
  onSave: () => void;
  onFinish: () => void;
  onGenerate: () => void;
  dispatch: Dispatch<StructureAction>;
};

/** Expand all, collapse all, generate from the model; Save and Structuring-finished. */
const Toolbar = memo(function Toolbar({
  hasStructure,
  readOnly,
  overLimit,
  saving,
  finishing,
  onSave,
  onFinish,
  onGenerate,
  dispatch,
}: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconArrowsMaximize size={16} aria-hidden />}
          disabled={!hasStructure}
          onClick={() => dispatch({ type: 'expandAll', expanded: true })}
        >
          {t('STRUCTURE.ExpandAll')}
        </Button>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconArrowsMinimize size={16} aria-hidden />}
          disabled={!hasStructure}
          onClick={() => dispatch({ type: 'expandAll', expanded: false })}
        >
          {t('STRUCTURE.CollapseAll')}
        </Button>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}
          disabled={readOnly}
          onClick={onGenerate}
        >
          {t('STRUCTURE.Generate.Open')}
        </Button>
      </Group>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          disabled={readOnly || overLimit || finishing}
          loading={saving}
          onClick={onSave}
        >
          {t('COMMON.Save')}
        </Button>
        <Button
          size="sm"
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          disabled={readOnly || overLimit || saving}
          loading={finishing}
          onClick={onFinish}
        >
          {t('STRUCTURE.Finish')}
        </Button>
      </Group>
    </Group>
  );
});
