import { MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  deliveryLotInputSchema,
  deliveryTypeKeys,
  type DeliveryLot,
  type DeliveryOverviewInfo,
  type ModelTreeResponse,
} from '../../../../shared/schemas/delivery';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveLot } from '../api/mutate-lots';
import { DateInput } from '../../../components/date-input';

/** The form edits texts (select values, an empty confirmed date); the pipe makes them the API's input. */
function lotFormSchema(walls: Map<string, string>) {
  return z
    .object({
      title: z.string(),
      requestedDate: z.string(),
      confirmedDate: z.string(),
      deliveryType: z.enum(['0', '1', '2']),
      approvalLotIDs: z.array(z.string()),
      walls: z.array(z.string()),
    })
    .transform((v) => ({
      title: v.title,
      requestedDate: v.requestedDate,
      confirmedDate: v.confirmedDate === '' ? null : v.confirmedDate,
      deliveryType: Number(v.deliveryType),
      approvalLotIDs: v.approvalLotIDs.map(Number),
      walls: v.walls.map((globalId) => ({ globalId, name: walls.get(globalId) ?? globalId })),
    }))
    .pipe(deliveryLotInputSchema);
}

type Props = {
  rootId: number;
  info: DeliveryOverviewInfo;
  tree: ModelTreeResponse | undefined;
  lot: DeliveryLot | null;
  onClose: () => void;
};

/** Create or edit a delivery lot: title, requested and confirmed date, type, approval lots and walls (from the model tree). */
export function LotDialog({ rootId, info, tree, lot, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveLot(rootId);
  const walls = new Map(tree?.children.flatMap((f) => f.children.map((w) => [w.globalid, w.name] as const)) ?? []);
  const { field, valid, output } = useSchemaForm(lotFormSchema(walls), {
    title: lot?.title ?? '',
    requestedDate: lot?.requestedDate ?? '',
    confirmedDate: lot?.confirmedDate ?? '',
    deliveryType: String(lot?.deliveryType ?? 2) as '0' | '1' | '2',
    approvalLotIDs: lot?.projectUnitIDs ? lot.projectUnitIDs.split(',') : [],
    walls: lot?.wallGlobalIds ?? [],
  });
  const submit = async () => {
    if (!output) return;
    await save.mutateAsync({ id: lot?.deliveryLotID ?? null, body: output });
    notifySuccess(t(lot ? 'DELIVERY.Lots.Saved' : 'DELIVERY.Lots.Created', { title: output.title }));
    onClose();
  };
  const wallGroups =
    tree?.children.map((floor) => ({
      group: floor.name,
      items: floor.children.map((w) => ({ value: w.globalid, label: w.name })),
    })) ?? [];
  return (
    <FormDialog
      opened
      title={t(lot ? 'DELIVERY.Lots.EditTitle' : 'DELIVERY.Lots.NewTitle')}
      onClose={onClose}
      onSubmit={() => void submit().catch(() => undefined)}
      submitting={save.isPending}
      valid={valid}
      error={save.error}
      size="lg"
      formTestId="lot-form"
    >
      <TextInput label={t('DELIVERY.Lots.Name')} withAsterisk {...field('title')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateInput label={t('DELIVERY.Lots.RequestedDate')} withAsterisk {...field('requestedDate')} />
        <DateInput label={t('DELIVERY.Lots.ConfirmedDate')} {...field('confirmedDate')} />
        <Select
          label={t('DELIVERY.Lots.Type')}
          allowDeselect={false}
          data={Object.entries(deliveryTypeKeys).map(([value, key]) => ({ value, label: t(`DELIVERY.Type.${key}`) }))}
          {...field('deliveryType')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('DELIVERY.Lots.ApprovalLots')}
        withAsterisk
        data={info.approvalLots.map((l) => ({ value: String(l.projectUnitID), label: l.title }))}
        {...field('approvalLotIDs')}
      />
      <MultiSelect
        label={t('DELIVERY.Lots.Walls')}
        description={tree ? undefined : t('DELIVERY.Model.NoModel')}
        disabled={!tree}
        searchable
        data={wallGroups}
        {...field('walls')}
      />
    </FormDialog>
  );
}
