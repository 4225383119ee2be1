import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopicChoice } from '../../../../shared/schemas/review';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDecide } from '../api/decide';
import type { Decision } from '../components/decision-dialog';

/** A review decision: asked for in its dialog, then sent; the dialog closes on the answer. */
export function useDecision(rootId: number, unitId: number, stateKey: string) {
  const { t } = useTranslation();
  const decide = useDecide(rootId, unitId);
  // The decision stays set while its dialog closes, so the dialog's text does not change as it fades.
  const [decision, setDecision] = useState<Decision | null>(null);
  const [opened, setOpened] = useState(false);
  const run = (chosen: Decision, topicChoices: TopicChoice[]) =>
    decide.mutate(
      { decision: chosen, stateKey, ...(chosen === 'approve' ? { topicChoices } : {}) },
      {
        onSuccess: () => {
          notifySuccess(t('VIEWER.Decision.Done'));
          setOpened(false);
        },
        onError: (err) => {
          setOpened(false);
          notifyError(err, t('VIEWER.Decision.Failed'));
        },
      },
    );
  const open = (next: Decision) => {
    setDecision(next);
    setOpened(true);
  };
  return { decision, opened, open, close: () => setOpened(false), run, pending: decide.isPending };
}
