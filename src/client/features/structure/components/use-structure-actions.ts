import { notifications } from '@mantine/notifications';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ErrorMessage } from '../../../../shared/errors';
import { checkStructure, structureProblemToMessage, type StructureProblem } from '../../../../shared/rules/structure';
import type { Structure } from '../../../../shared/schemas/structure';
import { informUser } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { closeLabel, notifyError, notifySuccess } from '../../../lib/notify';
import { serverMessageText } from '../../../lib/server-message';
import { useCreateProjectStructure } from '../api/create-structure';
import { useSaveStructureDraft } from '../api/structure-draft';
import { unitMessages } from './existing-subprojects';

const isDuplicate = (p: StructureProblem) => p.kind === 'duplicateSubproject' || p.kind === 'duplicateApprovalLot';

type Options = {
  rootId: number;
  structure: Structure;
  earliest: string;
  materialTypes: string[];
  /** Called once the structure is created (the local draft is no longer needed). */
  onFinished: () => void;
};

/**
 * Save and Structuring-finished: the rules are checked first (the first problem explained the way
 * the spec asks for it, all of them shown at their rows), then the call; a refusal is explained.
 * The handlers are stable and call the latest state, so the toolbar does not render on every keystroke.
 */
export function useStructureActions({ rootId, structure, earliest, materialTypes, onFinished }: Options) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveStructureDraft(rootId);
  const finish = useCreateProjectStructure(rootId);
  const [showProblems, setShowProblems] = useState(false);
  const [refusal, setRefusal] = useState<{ title: string; messages: ErrorMessage[] } | null>(null);

  const warn = (title: string, message: string) =>
    notifications.show({ color: 'orange', title, message, closeButtonProps: closeLabel() });

  const checkBefore = (title: string): boolean => {
    const problems = checkStructure(structure, earliest, materialTypes);
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
        onFinished();
        notifySuccess(t('STRUCTURE.Finished'));
        void navigate(`/home/app/project/details/${rootId}`);
      },
      onError: (e) => showServerError(e, t('STRUCTURE.Errors.FinishFailed')),
    });
  };

  const handlers = useRef({ onSave, onFinish });
  useLayoutEffect(() => {
    handlers.current = { onSave, onFinish };
  });
  return {
    onSave: useCallback(() => handlers.current.onSave(), []),
    onFinish: useCallback(() => handlers.current.onFinish(), []),
    saving: save.isPending,
    finishing: finish.isPending,
    showProblems,
    refusal,
  };
}
