import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePlantCapacities, useSavePlantCapacity } from '../api/outlook';

/**
 * The plants' weekly capacities as the admin edits them: the fields start from the saved values
 * (again after each save), and each plant is saved on its own; an empty field saves none.
 */
export function usePlantCapacityEdits() {
  const { t } = useTranslation();
  const plants = usePlantCapacities(true);
  const save = useSavePlantCapacity();
  const [values, setValues] = useState<Record<number, number | string>>({});
  useEffect(() => {
    if (plants.data) setValues(Object.fromEntries(plants.data.map((p) => [p.plantId, p.weeklyCapacity ?? ''])));
  }, [plants.data]);
  return {
    plants: plants.data,
    valueOf: (plantId: number) => values[plantId] ?? '',
    setValue: (plantId: number, value: number | string) => setValues((s) => ({ ...s, [plantId]: value })),
    isSaving: (plantId: number) => save.isPending && save.variables?.plantId === plantId,
    saveCapacity: (plantId: number) => {
      const v = values[plantId];
      save.mutate(
        { plantId, weeklyCapacity: v === '' || v === undefined ? null : Number(v) },
        { onSuccess: () => notifySuccess(t('OUTLOOK.Saved')), onError: (error) => notifyError(error) },
      );
    },
  };
}
