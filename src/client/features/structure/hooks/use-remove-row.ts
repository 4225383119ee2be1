import { useCallback, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { StructureApprovalLot } from '../../../../shared/schemas/structure';
import { confirmAction } from '../../../components/confirm';
import type { StructureAction } from '../components/structure-state';

/** Removes an approval lot; one that already holds a volume only after a confirm. */
export function useRemoveLot(subId: string, lot: StructureApprovalLot, dispatch: Dispatch<StructureAction>) {
  const { t } = useTranslation();
  return useCallback(async () => {
    const holdsData = lot.materials.some((m) => m.volume > 0);
    if (
      holdsData &&
      !(await confirmAction({
        title: t('STRUCTURE.RemoveLotTitle'),
        message: t('STRUCTURE.RemoveLotMessage', { name: lot.name || t('STRUCTURE.Unnamed') }),
        confirmLabel: t('COMMON.Delete'),
        danger: true,
      }))
    )
      return;
    dispatch({ type: 'removeLot', subId, lotId: lot.id });
  }, [t, subId, lot, dispatch]);
}

/** Removes a subproject; one that has approval lots only after a confirm. */
export function useRemoveSubproject(
  subId: string,
  subName: string,
  lotCount: number,
  dispatch: Dispatch<StructureAction>,
) {
  const { t } = useTranslation();
  return useCallback(async () => {
    if (
      lotCount > 0 &&
      !(await confirmAction({
        title: t('STRUCTURE.RemoveSubprojectTitle'),
        message: t('STRUCTURE.RemoveSubprojectMessage', { name: subName || t('STRUCTURE.Unnamed'), count: lotCount }),
        confirmLabel: t('COMMON.Delete'),
        danger: true,
      }))
    )
      return;
    dispatch({ type: 'removeSubproject', subId });
  }, [t, subId, subName, lotCount, dispatch]);
}
