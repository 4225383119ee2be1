import { Card, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { evaluate, setValue } from '../../../../shared/questionnaire/engine';
import { GENERAL_SHEET, MIN_ACTIVE_SHEETS } from '../../../../shared/questionnaire/variants';
import type { Questionnaire } from '../../../../shared/schemas/questionnaire';
import { confirmAction, informUser } from '../../../components/confirm';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageLoader } from '../../../components/page-loader';
import { closeLabel } from '../../../lib/notify';
import { useQuestionnaire } from '../api/questionnaire';
import { ChipPulseContext } from '../components/custom-components';
import { QuestionnaireActions } from '../components/questionnaire-actions';
import { QuestionnaireHeader } from '../components/questionnaire-header';
import { SheetTabs } from '../components/sheet-tabs';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useQuestionnaireDraft } from '../hooks/use-questionnaire-draft';

const PULSE_MS = 5000;

/** The project information sheet (spec §2): tabs per shown sheet, guarded against leaving. */
export function QuestionnairePage() {
  const { rootUnitId } = useParams();
  const rootId = Number(rootUnitId);
  const { data, isLoading, isError } = useQuestionnaire(rootId);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <QuestionnaireEditor questionnaire={data} />;
}

export function QuestionnaireEditor({ questionnaire: q }: { questionnaire: Questionnaire }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useQuestionnaireDraft(q);
  const { data, dirty } = draft;
  const evaluation = useMemo(() => evaluate(q.sheets, data), [q.sheets, data]);
  const shown = q.sheets.filter((s) => evaluation.sheets[s.name]?.active);
  const [tab, setTab] = useState<string>(shown[0]?.name ?? '');
  const current = shown.some((s) => s.name === tab) ? tab : (shown[0]?.name ?? '');
  const index = shown.findIndex((s) => s.name === current);
  const [pulse, setPulse] = useState(false);
  const backTo = `/home/app/project/details/${q.rootUnitId}`;
  const tooFewSheets = q.variant === 'material-choice' && q.canEdit && shown.length < MIN_ACTIVE_SHEETS;

  /** The leaving rules of both tenants (spec §5); true when the user may go (saved if needed). */
  async function mayLeave(): Promise<boolean> {
    if (!q.canEdit) return true;
    if (tooFewSheets) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      setTab(GENERAL_SHEET);
      setPulse(true);
      window.setTimeout(() => setPulse(false), PULSE_MS);
      notifications.show({
        color: 'blue',
        title: t('QUESTIONNAIRE.MaterialChoice.Title'),
        message: t('QUESTIONNAIRE.MaterialChoice.TooFew'),
        closeButtonProps: closeLabel(),
      });
      return false;
    }
    if (q.variant === 'supplier') {
      if (evaluation.isValid) {
        await informUser(t('QUESTIONNAIRE.UploadReminder.Title'), t('QUESTIONNAIRE.UploadReminder.Message'));
      } else {
        const ok = await confirmAction({
          title: t('QUESTIONNAIRE.Mandatory.Title'),
          message: t('QUESTIONNAIRE.Mandatory.Final'),
          confirmLabel: t('QUESTIONNAIRE.SaveClose'),
          cancelLabel: t('COMMON.No'),
          warning: true,
        });
        if (!ok) return false;
      }
    }
    return dirty ? draft.store(evaluation.isValid) : true;
  }

  const guard = useLeaveGuard(tooFewSheets || (q.canEdit && dirty), mayLeave);

  async function next() {
    const here = evaluation.sheets[current];
    if (q.variant === 'supplier' && q.canEdit && here && !here.valid) {
      const ok = await confirmAction({
        title: t('QUESTIONNAIRE.Mandatory.Title'),
        message: t('QUESTIONNAIRE.Mandatory.Next'),
        confirmLabel: t('QUESTIONNAIRE.Next'),
        cancelLabel: t('COMMON.No'),
      });
      if (!ok) return;
    }
    const target = shown[index + 1];
    if (target) {
      setTab(target.name);
      window.scrollTo({ top: 0 });
    }
  }

  async function saveAndClose() {
    if (await mayLeave()) {
      guard.release();
      navigate(backTo);
    }
  }

  return (
    <ChipPulseContext.Provider value={pulse}>
      <Stack gap="md" data-testid="questionnaire">
        <QuestionnaireHeader questionnaire={q} backTo={backTo} />
        <Card withBorder radius="md" padding="lg">
          <SheetTabs
            sheets={shown}
            current={current}
            onSelect={setTab}
            data={data}
            evaluation={evaluation}
            readOnly={!q.canEdit}
            rootId={q.rootUnitId}
            onChange={(sheet, control, value) => draft.setData((d) => setValue(q.sheets, d, sheet, control, value))}
          />
        </Card>
        <QuestionnaireActions
          canEdit={q.canEdit}
          dirty={dirty}
          saving={draft.saving}
          hasPrevious={index > 0}
          hasNext={index < shown.length - 1}
          backTo={backTo}
          onDiscard={draft.discard}
          onPrevious={() => setTab(shown[index - 1]?.name ?? current)}
          onNext={() => void next()}
          onSaveClose={() => void saveAndClose()}
        />
      </Stack>
    </ChipPulseContext.Provider>
  );
}
