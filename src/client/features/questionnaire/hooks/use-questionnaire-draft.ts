import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormData } from '../../../../shared/questionnaire/definition';
import { fromStored, toStored } from '../../../../shared/questionnaire/engine';
import type { Questionnaire } from '../../../../shared/schemas/questionnaire';
import { closeLabel, notifyError } from '../../../lib/notify';
import { useSaveQuestionnaire } from '../api/questionnaire';

export const draftKey = (rootId: number) => `planport.questionnaire-draft.${rootId}`;

/** How long typing may pause before the draft is written to the browser. */
export const DRAFT_DELAY_MS = 300;

function readDraft(q: Questionnaire): FormData | null {
  if (!q.canEdit) return null;
  try {
    const raw = localStorage.getItem(draftKey(q.rootUnitId));
    return raw ? fromStored(q.sheets, JSON.parse(raw) as Questionnaire['data']) : null;
  } catch {
    return null;
  }
}

/**
 * The sheet's values as typed and as saved. What is typed and not saved is kept in the browser, so
 * nothing is lost when the browser or the machine crashes; a restored draft is announced once, and
 * closing the tab while values are unsaved asks the browser's question. `store` saves; the server's
 * answer becomes both the saved and the shown values.
 */
export function useQuestionnaireDraft(q: Questionnaire) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<FormData>(() => fromStored(q.sheets, q.data));
  const [data, setData] = useState<FormData>(() => readDraft(q) ?? saved);
  const dirty = useMemo(() => JSON.stringify(data) !== JSON.stringify(saved), [data, saved]);
  const save = useSaveQuestionnaire(q.rootUnitId);

  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || !dirty) return;
    announced.current = true;
    notifications.show({ color: 'blue', message: t('QUESTIONNAIRE.DraftRestored'), closeButtonProps: closeLabel() });
    // Only on first render: the draft was read into the initial state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const id = window.setTimeout(() => {
      if (dirty) localStorage.setItem(draftKey(q.rootUnitId), JSON.stringify(toStored(q.sheets, data)));
      else localStorage.removeItem(draftKey(q.rootUnitId));
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [data, dirty, q.rootUnitId, q.sheets]);

  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  return {
    data,
    setData,
    dirty,
    saving: save.isPending,
    async store(isValid: boolean): Promise<boolean> {
      try {
        const result = await save.mutateAsync({ data: toStored(q.sheets, data), isValid });
        const fresh = fromStored(result.sheets, result.data);
        localStorage.removeItem(draftKey(q.rootUnitId));
        setSaved(fresh);
        setData(fresh);
        notifications.show({
          color: 'teal',
          message: result.isValid ? t('QUESTIONNAIRE.Saved') : t('QUESTIONNAIRE.SavedIncomplete'),
          closeButtonProps: closeLabel(),
        });
        return true;
      } catch (error) {
        notifyError(error);
        return false;
      }
    },
    discard() {
      setData(saved);
      localStorage.removeItem(draftKey(q.rootUnitId));
    },
  };
}
