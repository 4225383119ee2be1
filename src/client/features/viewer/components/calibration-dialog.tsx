import { Button, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveCalibration, type Sheet } from '../api/calibration';
import { MM_PER_POINT, pageLength, parseLength } from './markup-geometry';
import type { Segment } from './pdf-page';

const formSchema = z.object({
  length: z
    .string()
    .trim()
    .min(1, 'VALIDATION.Required')
    .max(12, 'VALIDATION.MaxLength')
    .refine((v) => parseLength(v) !== null, 'VIEWER.Calibration.Errors.Number'),
  unit: z.enum(['m', 'mm']),
});

/**
 * The known length between the two points just picked on a page; saved as the page's scale for
 * everyone. Where the sheet states a scale ("M 1:50"), it is offered: the page's paper size then
 * gives the length.
 */
export function CalibrationDialog({
  sheet,
  page,
  segment,
  pageSize,
  suggestedScale,
  onClose,
  onSaved,
}: {
  sheet: Sheet;
  page: number;
  segment: Segment;
  pageSize: { w: number; h: number };
  suggestedScale: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCalibration(sheet);
  const { form, field, valid, output } = useSchemaForm(formSchema, { length: '', unit: 'm' });
  const store = (lengthMm: number, points: Segment) =>
    save.mutate(
      { page, ...points, pageWidth: pageSize.w, pageHeight: pageSize.h, lengthMm },
      {
        onSuccess: () => {
          notifySuccess(t('VIEWER.Calibration.Saved', { page }));
          onSaved();
        },
      },
    );
  const submit = () => {
    if (form.validate().hasErrors || !output) return;
    const n = parseLength(output.length)!;
    store(output.unit === 'm' ? n * 1000 : n, segment);
  };
  return (
    <FormDialog
      opened
      title={t('VIEWER.Calibration.Title', { page })}
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      valid={valid}
      error={save.error}
      submitLabel={t('VIEWER.Calibration.Save')}
      formTestId="calibration-form"
    >
      <Text size="sm" c="dimmed">
        {t('VIEWER.Calibration.Hint')}
      </Text>
      <TextInput
        label={t('VIEWER.Calibration.Length')}
        required
        data-autofocus
        inputMode="decimal"
        {...field('length')}
      />
      <SegmentedControl
        aria-label={t('VIEWER.Calibration.Unit')}
        data={[
          { value: 'm', label: t('VIEWER.Calibration.Metres') },
          { value: 'mm', label: t('VIEWER.Calibration.Millimetres') },
        ]}
        value={form.values.unit}
        onChange={(v) => form.setFieldValue('unit', v as 'm' | 'mm')}
      />
      {suggestedScale !== null && (
        <Button
          variant="light"
          disabled={save.isPending}
          onClick={() =>
            // The picked line's length on paper (1 pt = 1/72 in) times the stated scale.
            store(
              Math.round(
                pageLength(
                  [
                    { x: segment.x1, y: segment.y1 },
                    { x: segment.x2, y: segment.y2 },
                  ],
                  pageSize,
                ) *
                  MM_PER_POINT *
                  suggestedScale *
                  10,
              ) / 10,
              segment,
            )
          }
          data-testid="calibration-use-scale"
        >
          {t('VIEWER.Calibration.UseScale', { scale: `1:${suggestedScale}` })}
        </Button>
      )}
    </FormDialog>
  );
}
