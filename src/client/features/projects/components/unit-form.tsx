import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { checkMaterials, isLintelDeliveryDateValid, type MaterialEntry } from '../../../../shared/rules/project-units';
import type { ApprovalLotContext } from '../../../../shared/schemas/projects';
import { useErrorText } from './form-errors';
import { MaterialsFields, type MaterialRow } from './materials-fields';

export type UnitFormValues = {
  title: string;
  notes: string;
  deliveryDate: string;
  materials: MaterialRow[];
};

export const emptyUnitForm: UnitFormValues = { title: '', notes: '', deliveryDate: '', materials: [] };

export function toMaterialEntries(rows: MaterialRow[]): MaterialEntry[] {
  return rows.map((r) => ({
    type: r.type,
    volume: typeof r.volume === 'number' ? r.volume : Number.NaN,
    deliveryDate: r.deliveryDate || null,
  }));
}

/** The form of a unit type: title everywhere, notes optional, dates and materials by type. */
export function useUnitForm(type: string, initial: UnitFormValues, ctx: { today: string; lot?: ApprovalLotContext }) {
  return useForm<UnitFormValues>({
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: initial,
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.title.trim()) errors.title = 'VALIDATION.IsRequired';
      if (type === 'lintelorderlot') {
        if (!values.deliveryDate) errors.deliveryDate = 'VALIDATION.IsRequired';
        else if (!isLintelDeliveryDateValid(values.deliveryDate, ctx.today))
          errors.deliveryDate = 'VALIDATION.MinDateToday';
      }
      if (type === 'approvallot' && ctx.lot) {
        const initialDates = new Map(initial.materials.map((m) => [m.type, m.deliveryDate]));
        const { problems } = checkMaterials(
          toMaterialEntries(values.materials),
          ctx.lot.siblingMaterials,
          ctx.lot.earliestDeliveryDate,
          ctx.lot.materialTypes,
        );
        for (const p of problems) {
          // A stored date that has since become early stays acceptable.
          if (
            p.problem === 'tooEarly' &&
            initialDates.get(values.materials[p.index]?.type ?? '') === values.materials[p.index]?.deliveryDate
          )
            continue;
          errors[`materials.${p.index}.${p.field}`] = `${p.problem}|${p.limit ?? ''}`;
        }
      }
      return errors;
    },
  });
}

export type UnitForm = ReturnType<typeof useUnitForm>;

type Props = {
  type: string;
  form: UnitForm;
  titleInvalid: boolean;
  today: string;
  lot?: ApprovalLotContext;
};

export function UnitFormFields({ type, form, titleInvalid, today, lot }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const titleProps = form.getInputProps('title');
  const titleError = titleInvalid ? t('VALIDATION.InvalidTitle') : errorText(titleProps.error);
  return (
    <Stack gap="sm">
      <TextInput
        label={t('UNIT.Form.Title')}
        required
        data-autofocus
        maxLength={200}
        {...titleProps}
        error={titleError}
      />
      {(type === 'lintelorderlot' || type === 'aacorderlot') && (
        <TextInput
          type="date"
          label={t('UNIT.Form.DeliveryDate')}
          required={type === 'lintelorderlot'}
          min={type === 'lintelorderlot' ? today : undefined}
          {...form.getInputProps('deliveryDate')}
          error={errorText(form.errors.deliveryDate)}
        />
      )}
      <Textarea
        label={t(type === 'drawingjob' ? 'UNIT.Form.Notes' : 'UNIT.Form.Description')}
        rows={4}
        maxLength={4000}
        {...form.getInputProps('notes')}
      />
      {type === 'approvallot' && lot && <MaterialsFields form={form} lot={lot} />}
    </Stack>
  );
}
