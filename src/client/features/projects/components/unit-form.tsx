import { Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  checkMaterials,
  isLintelDeliveryDateValid,
  isOrderLot,
  type MaterialEntry,
} from '../../../../shared/rules/project-units';
import type { ApprovalLotContext } from '../../../../shared/schemas/projects';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useErrorText } from './form-errors';
import { MaterialsFields, type MaterialRow } from './materials-fields';
import { DateInput } from '../../../components/date-input';

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

type UnitContext = { today: string; lot?: ApprovalLotContext };

/**
 * The rules of a unit type's form, built from its context: title everywhere, the lintel lot's delivery date
 * from today on, and an approval lot's materials by the shared `checkMaterials` rule against the sibling lots.
 * Material errors are "problem|limit" codes (translated by `useErrorText`).
 */
export function unitFormSchema(type: string, initialMaterials: MaterialRow[], ctx: UnitContext) {
  const initialDates = new Map(initialMaterials.map((m) => [m.type, m.deliveryDate]));
  return z
    .object({
      title: z.string(),
      notes: z.string(),
      deliveryDate: z.string(),
      materials: z.array(z.custom<MaterialRow>()),
    })
    .superRefine((values, issues) => {
      const fail = (path: (string | number)[], message: string) => issues.addIssue({ code: 'custom', path, message });
      if (!values.title.trim()) fail(['title'], 'VALIDATION.IsRequired');
      if (type === 'lintelorderlot') {
        if (!values.deliveryDate) fail(['deliveryDate'], 'VALIDATION.IsRequired');
        else if (!isLintelDeliveryDateValid(values.deliveryDate, ctx.today))
          fail(['deliveryDate'], 'VALIDATION.MinDateToday');
      }
      if (type === 'approvallot' && ctx.lot) {
        const { problems } = checkMaterials(
          toMaterialEntries(values.materials),
          ctx.lot.siblingMaterials,
          ctx.lot.earliestDeliveryDate,
          ctx.lot.materialTypes,
        );
        for (const p of problems) {
          // A stored date that has since become early stays acceptable.
          const row = values.materials[p.index];
          if (p.problem === 'tooEarly' && initialDates.get(row?.type ?? '') === row?.deliveryDate) continue;
          fail(['materials', p.index, p.field], `${p.problem}|${p.limit ?? ''}`);
        }
      }
    });
}

/**
 * The form of a unit type, validated by `unitFormSchema`. `initial` may arrive later (an approval
 * lot's stored materials): the form starts empty and takes the values once, when they are there.
 * A new `type` (the create dialog's tiles) starts the form afresh.
 */
export function useUnitForm(type: string, initial: UnitFormValues | undefined, ctx: UnitContext) {
  const [initialMaterials, setInitialMaterials] = useState(initial?.materials ?? []);
  const { today, lot } = ctx;
  const schema = useMemo(
    () => unitFormSchema(type, initialMaterials, { today, lot }),
    [type, initialMaterials, today, lot],
  );
  const form = useSchemaForm(schema, initial ?? emptyUnitForm).form;
  useEffect(() => {
    if (!initial || form.initialized) return;
    form.initialize(initial);
    setInitialMaterials(initial.materials);
  }, [initial, form]);
  const formType = useRef(type);
  useEffect(() => {
    if (formType.current === type) return;
    formType.current = type;
    form.reset();
  }, [type, form]);
  return form;
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
      {isOrderLot(type) && (
        <DateInput
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
