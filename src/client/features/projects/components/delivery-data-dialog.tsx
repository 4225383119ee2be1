import { Alert, Center, Loader, Modal, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryData } from '../../../../shared/schemas/delivery';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useDeliveryData, useSaveDeliveryData } from '../api/delivery-data';
import { DeliveryDateChangeDialog } from './delivery-date-change-dialog';
import { checkRows, deliveryDataFormSchema, rowsOf, type DeliveryRow } from './delivery-rows';
import { DeliverySubTable } from './delivery-sub-table';
import { useDeliveryDates } from './use-delivery-dates';

/** "Show delivery dates": volumes and delivery dates of every approval lot of the project (spec §2). */
export function DeliveryDataDialog({ rootId, onClose }: { rootId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useDeliveryData(rootId);
  if (!query.data)
    return (
      <Modal opened onClose={onClose} title={t('DELIVERY.Data.Title')} size="xl" centered>
        <Center h={160}>{query.isError ? <Text c="red">{t('DELIVERY.Data.LoadFailed')}</Text> : <Loader />}</Center>
      </Modal>
    );
  return <DeliveryDataForm rootId={rootId} data={query.data} onClose={onClose} />;
}

function DeliveryDataForm({ rootId, data, onClose }: { rootId: number; data: DeliveryData; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDeliveryData(rootId);
  const initial = useMemo(() => rowsOf(data), [data]);
  const schema = useMemo(() => deliveryDataFormSchema(initial), [initial]);
  const { form, errors, valid, output } = useSchemaForm(schema, { rows: initial }, { crossFieldRules: true });
  const rows = form.values.rows;
  const labelOf = (row: DeliveryRow) =>
    `${row.lotTitle}, ${t(`PROJECT.Materials.Types.${row.type}`, { defaultValue: row.type })}`;
  const dates = useDeliveryDates({
    rows,
    setRows: (next) => form.setFieldValue('rows', next),
    minimum: data.earliestDeliveryDate,
    labelOf,
  });
  const { totals } = checkRows(rows, initial);
  const indexed = rows.map((row, index) => ({ row, index }));

  const submit = () => {
    if (output === undefined) return;
    if (output === null) return onClose();
    save.mutate(output, {
      onSuccess: () => {
        notifySuccess(t('DELIVERY.Data.Saved'));
        onClose();
      },
    });
  };

  return (
    <>
      <FormDialog
        opened
        title={t('DELIVERY.Data.Title')}
        onClose={onClose}
        onSubmit={submit}
        submitting={save.isPending}
        valid={data.canEdit && valid && dates.question === null}
        error={save.error}
        size="xl"
        formTestId="delivery-data-form"
      >
        {data.subProjects.length === 0 && <Text c="dimmed">{t('DELIVERY.Data.Empty')}</Text>}
        {dates.clamped.length > 0 && (
          <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} data-testid="clamped-dates">
            {t('DELIVERY.Data.Clamped', {
              count: dates.clamped.length,
              list: rows
                .filter((r) => dates.clamped.includes(r.key))
                .map(labelOf)
                .join('; '),
            })}
          </Alert>
        )}
        {data.subProjects.map((sub) => (
          <DeliverySubTable
            key={sub.subProjectID}
            sub={sub}
            data={data}
            rows={indexed.filter(({ row }) => row.subId === sub.subProjectID)}
            sum={totals.get(sub.subProjectID) ?? { total: 0, limitReached: false }}
            errors={errors}
            labelOf={labelOf}
            onVolume={(index, volume) => form.setFieldValue(`rows.${index}.volume`, volume)}
            dateField={dates.fieldOf}
          />
        ))}
      </FormDialog>
      <DeliveryDateChangeDialog change={dates.question} onAnswer={dates.answer} />
    </>
  );
}
