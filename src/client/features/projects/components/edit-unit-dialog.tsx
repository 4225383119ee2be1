import { Button, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectUnitDetail, UpdateUnitInput } from '../../../../shared/schemas/projects';
import { informUser } from '../../../components/confirm';
import { isOverLimit } from './materials-fields';
import { ServerMessages } from '../../../components/server-messages';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useLotContext, useMaterials } from '../api/materials';
import { useUpdateUnit } from '../api/mutate-unit';
import { localToday } from './dates';
import { toMaterialEntries, UnitFormFields, useUnitForm, type UnitFormValues } from './unit-form';
import { metaOf } from './unit-type-meta';
import { useTitleCheck } from './use-title-check';

type Props = { unit: ProjectUnitDetail; onClose: () => void };

/** Coloured hero per unit type, the form of the type, Cancel and Save. */
export function EditUnitDialog({ unit, onClose }: Props) {
  const { t } = useTranslation();
  const meta = metaOf(unit.projectUnitType);
  const isLot = unit.projectUnitType === 'approvallot';
  const materials = useMaterials(unit.projectUnitID, isLot);
  const lot = useLotContext(unit.parentProjectUnitID, unit.projectUnitID, isLot);
  const ready = !isLot || (materials.data && lot.data);

  return (
    <Modal.Root opened onClose={onClose} size="xl" centered>
      <Modal.Overlay />
      <Modal.Content>
        <Group
          p="lg"
          bg={`${meta.color}.9`}
          c="white"
          justify="space-between"
          data-testid={`edit-hero-${unit.projectUnitType}`}
        >
          <Group>
            <ThemeIcon color="white" variant="white" size={44} radius="xl" c={`${meta.color}.9`}>
              <meta.icon size={26} aria-hidden />
            </ThemeIcon>
            <Stack gap={0}>
              <Modal.Title fw={700} fz="lg">
                {t('UNIT.Edit.Title', { type: t(`UNIT.Type.${unit.projectUnitType}`) })}
              </Modal.Title>
              <Text size="sm">{t(`UNIT.Edit.Description.${unit.projectUnitType}`)}</Text>
            </Stack>
          </Group>
        </Group>
        <Stack p="lg">
          {materials.error || lot.error ? (
            <ServerMessages error={materials.error ?? lot.error} />
          ) : ready ? (
            <EditUnitForm unit={unit} onClose={onClose} initialMaterials={materials.data ?? []} lot={lot.data} />
          ) : (
            <Loader size="sm" />
          )}
        </Stack>
      </Modal.Content>
    </Modal.Root>
  );
}

function EditUnitForm({
  unit,
  onClose,
  initialMaterials,
  lot,
}: Props & {
  initialMaterials: { type: string; volume: number; deliveryDate: string | null }[];
  lot: ReturnType<typeof useLotContext>['data'];
}) {
  const { t } = useTranslation();
  const update = useUpdateUnit(unit.projectUnitID);
  const today = lot?.today ?? localToday();
  const initial: UnitFormValues = {
    title: unit.title,
    notes: unit.notes ?? '',
    deliveryDate: unit.deliveryDate ?? '',
    materials: initialMaterials.map((m) => ({ type: m.type, volume: m.volume, deliveryDate: m.deliveryDate ?? '' })),
  };
  const form = useUnitForm(unit.projectUnitType, initial, { today, lot });
  const titleCheck = useTitleCheck(unit.parentProjectUnitID, form.values.title, {
    enabled: unit.parentProjectUnitID !== null,
    excludeUnitId: unit.projectUnitID,
    initialTitle: unit.title,
  });

  const submit = form.onSubmit((values) => {
    if (titleCheck.invalid) return;
    // Only changed fields are sent.
    const changes: UpdateUnitInput = {};
    if (values.title.trim() !== unit.title) changes.title = values.title.trim();
    if (values.notes.trim() !== (unit.notes ?? '')) changes.notes = values.notes.trim() || null;
    const orderLot = unit.projectUnitType === 'lintelorderlot' || unit.projectUnitType === 'aacorderlot';
    if (orderLot && values.deliveryDate !== (unit.deliveryDate ?? ''))
      changes.deliveryDate = values.deliveryDate || null;
    const materials =
      unit.projectUnitType === 'approvallot' && form.isDirty('materials')
        ? toMaterialEntries(values.materials)
        : undefined;
    update.mutate(
      { changes, materials },
      {
        onSuccess: () => {
          notifySuccess(t('UNIT.Edit.Saved'));
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'DuplicateElement') {
            void informUser(
              t('PROJECT.Duplicate.Title'),
              t(`PROJECT.Duplicate.Message_${unit.projectUnitType}`, { title: values.title.trim() }),
            );
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <UnitFormFields
          type={unit.projectUnitType}
          form={form}
          titleInvalid={titleCheck.invalid}
          today={today}
          lot={lot}
        />
        <ServerMessages error={update.error} detailed />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('COMMON.Cancel')}
          </Button>
          <Button
            type="submit"
            loading={update.isPending}
            disabled={titleCheck.invalid || (lot !== undefined && isOverLimit(lot, form.values.materials))}
          >
            {t('COMMON.Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
