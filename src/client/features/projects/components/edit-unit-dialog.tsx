import { Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOrderLot } from '../../../../shared/rules/project-units';
import type { ProjectUnitDetail, UpdateUnitInput } from '../../../../shared/schemas/projects';
import { informUser } from '../../../components/confirm';
import { ChangedByNotice } from '../../../components/changed-by-notice';
import { FormDialog } from '../../../components/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { queryPrefixes } from '../../../lib/query-keys';
import { isStaleSave, offerReload } from '../../../lib/stale-save';
import { useLotContext, useMaterials } from '../api/materials';
import { useUpdateUnit } from '../api/mutate-unit';
import { localToday } from './dates';
import { isOverLimit } from './materials-fields';
import { toMaterialEntries, UnitFormFields, useUnitForm, type UnitFormValues } from './unit-form';
import { metaOf } from './unit-type-meta';
import { useTitleCheck } from './use-title-check';

type Props = { unit: ProjectUnitDetail; onClose: () => void };

/** Coloured hero per unit type, the form of the type, Cancel and Save; only changed fields are sent. */
export function EditUnitDialog({ unit: current, onClose }: Props) {
  const { t } = useTranslation();
  // The unit as it was when the dialog opened: a live update of the page never changes the user's
  // entries nor the version the save is checked against (someone else's save is refused as stale).
  const [unit] = useState(current);
  const meta = metaOf(unit.projectUnitType);
  const isLot = unit.projectUnitType === 'approvallot';
  const materials = useMaterials(unit.projectUnitID, isLot);
  const lotContext = useLotContext(unit.parentProjectUnitID, unit.projectUnitID, isLot);
  const lot = lotContext.data;
  const loading = isLot && (!materials.data || !lot) && !materials.error && !lotContext.error;
  const update = useUpdateUnit(unit.projectUnitID);
  const queryClient = useQueryClient();
  const today = lot?.today ?? localToday();

  const initial = useMemo<UnitFormValues | undefined>(() => {
    if (isLot && !materials.data) return undefined;
    return {
      title: unit.title,
      notes: unit.notes ?? '',
      deliveryDate: unit.deliveryDate ?? '',
      materials: (materials.data ?? []).map((m) => ({
        type: m.type,
        volume: m.volume,
        deliveryDate: m.deliveryDate ?? '',
      })),
    };
  }, [isLot, materials.data, unit.title, unit.notes, unit.deliveryDate]);
  const form = useUnitForm(unit.projectUnitType, initial, { today, lot });
  const titleCheck = useTitleCheck(unit.parentProjectUnitID, form.values.title, {
    enabled: unit.parentProjectUnitID !== null,
    excludeUnitId: unit.projectUnitID,
    initialTitle: unit.title,
  });

  const submit = form.onSubmit((values) => {
    if (titleCheck.invalid) return;
    const changes: UpdateUnitInput = {};
    if (values.title.trim() !== unit.title) changes.title = values.title.trim();
    if (values.notes.trim() !== (unit.notes ?? '')) changes.notes = values.notes.trim() || null;
    if (isOrderLot(unit.projectUnitType) && values.deliveryDate !== (unit.deliveryDate ?? ''))
      changes.deliveryDate = values.deliveryDate || null;
    const changedMaterials = isLot && form.isDirty('materials') ? toMaterialEntries(values.materials) : undefined;
    update.mutate(
      { changes, version: unit.version, materials: changedMaterials },
      {
        onSuccess: () => {
          notifySuccess(t('UNIT.Edit.Saved'));
          onClose();
        },
        onError: (err) => {
          // Someone saved the unit meanwhile: offer to reload theirs (the dialog closes, the page reloads).
          if (isStaleSave(err)) {
            void offerReload().then((reload) => {
              if (!reload) return;
              void queryClient.invalidateQueries({ queryKey: queryPrefixes.projects });
              onClose();
            });
            return;
          }
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

  const title = t('UNIT.Edit.Title', { type: t(`UNIT.Type.${unit.projectUnitType}`) });
  return (
    <FormDialog
      opened
      title={title}
      size="xl"
      onClose={onClose}
      onSubmit={() => submit()}
      submitting={update.isPending}
      valid={!titleCheck.invalid && !(lot !== undefined && isOverLimit(lot, form.values.materials))}
      error={update.error ?? materials.error ?? lotContext.error}
      detailedErrors
      loading={loading}
      header={
        <Group p="lg" bg={`${meta.color}.9`} c="white" data-testid={`edit-hero-${unit.projectUnitType}`}>
          <ThemeIcon color="white" variant="white" size={44} radius="xl" c={`${meta.color}.9`}>
            <meta.icon size={26} aria-hidden />
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1 }}>
            <Modal.Title fw={700} fz="lg">
              {title}
            </Modal.Title>
            <Text size="sm">{t(`UNIT.Edit.Description.${unit.projectUnitType}`)}</Text>
          </Stack>
          <Modal.CloseButton aria-label={t('COMMON.Close')} c="white" variant="transparent" />
        </Group>
      }
    >
      <ChangedByNotice
        unitId={unit.projectUnitID}
        rootId={unit.rootProjectUnitID}
        onReload={() => {
          void queryClient.invalidateQueries({ queryKey: queryPrefixes.projects });
          onClose();
        }}
      />
      <UnitFormFields
        type={unit.projectUnitType}
        form={form}
        titleInvalid={titleCheck.invalid}
        today={today}
        lot={lot}
      />
    </FormDialog>
  );
}
