import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { StructureDraftResponse } from '../../../../shared/schemas/structure';
import { useFormatters } from '../../../lib/format';
import { AddRow } from './add-row';
import { ExistingSubprojects, UnitRefusal } from './existing-subprojects';
import { GenerateDialog } from './generate-dialog';
import { LocalDraftOffer, OtherTabNotice } from './local-draft-notices';
import { ModelChangesSummary } from './model-changes';
import { newRowId } from './structure-state';
import { StructureToolbar } from './structure-toolbar';
import { SubprojectPanel } from './subproject-panel';
import { useEditedStructure } from './use-edited-structure';
import { useLotModelChanges } from './use-lot-model-changes';
import { useModelGeneration } from './use-model-generation';
import { useStructureActions } from './use-structure-actions';
import { useStructureOverview } from './use-structure-overview';

type Props = { rootId: number; draft: StructureDraftResponse };

/** The structure editor: the accordion of subprojects, the local draft, Save and Structuring-finished. */
export function StructureEditor({ rootId, draft }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const edited = useEditedStructure(rootId, draft);
  const { structure, dispatch, readOnly } = edited;
  const earliest = draft.earliestDeliveryDate;
  const types = draft.materialTypes;
  const existing = draft.existingSubprojects ?? [];
  const { totals, deferRows, overLimit, duplicateSubs } = useStructureOverview(structure);
  const actions = useStructureActions({
    rootId,
    structure,
    earliest,
    materialTypes: types,
    onFinished: edited.removeLocal,
  });
  const generation = useModelGeneration({ rootId, readOnly, earliest, materialType: types[0] ?? 'aac', dispatch });
  const modelChanges = useLotModelChanges(rootId);
  const addSubproject = useCallback(
    (name: string) => dispatch({ type: 'addSubproject', id: newRowId(), name }),
    [dispatch],
  );
  const hasStructure = structure.subProjects.length > 0;
  const subprojects = structure.subProjects.length + existing.length;

  return (
    <Stack gap="md">
      {edited.offered && (
        <LocalDraftOffer
          savedAt={edited.offered.savedAt}
          onContinue={edited.takeOffer}
          onDiscard={edited.discardOffer}
        />
      )}
      {edited.foreignChange && (
        <OtherTabNotice
          savedAt={edited.foreignChange.savedAt}
          onLoad={edited.loadForeignChange}
          onKeep={edited.keepOwn}
        />
      )}
      {!draft.canEdit && (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
          {t(draft.stateKey === 'Structuring' ? 'STRUCTURE.ReadOnly' : 'STRUCTURE.NotStructuring')}
        </Alert>
      )}

      <StructureToolbar
        hasStructure={hasStructure}
        readOnly={readOnly}
        overLimit={overLimit}
        saving={actions.saving}
        finishing={actions.finishing}
        onSave={actions.onSave}
        onFinish={actions.onFinish}
        onGenerate={generation.openGenerate}
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
            subprojects,
            count: subprojects,
          })}
        </Text>
      </Group>
      {modelChanges.changes && hasStructure && <ModelChangesSummary changes={modelChanges.changes} />}

      {actions.refusal && (
        <UnitRefusal rootId={rootId} title={actions.refusal.title} messages={actions.refusal.messages} />
      )}
      <ExistingSubprojects rootId={rootId} subs={existing} />

      {!hasStructure && (
        <Paper withBorder p="lg" radius="md" ta="center" data-testid="empty-hint">
          <Text fw={600}>{t('STRUCTURE.Empty.Title')}</Text>
          <Text size="sm" c="dimmed">
            {t('STRUCTURE.Empty.Message')}
          </Text>
        </Paper>
      )}

      <Stack gap="sm" aria-busy={actions.saving || actions.finishing}>
        {structure.subProjects.map((sub, index) => (
          <SubprojectPanel
            key={sub.id}
            sub={sub}
            index={index}
            earliest={earliest}
            materialTypes={types}
            readOnly={readOnly}
            showProblems={actions.showProblems}
            duplicateName={duplicateSubs.has(sub.id)}
            deferRows={deferRows}
            modelChanges={modelChanges.byLotName}
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

      <GenerateDialog
        opened={generation.generating}
        rootId={rootId}
        hasStructure={hasStructure}
        onClose={generation.closeGenerate}
      />
    </Stack>
  );
}
