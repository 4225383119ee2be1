import { ActionIcon, Group, List, Stack, Text } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconCalendarEvent, IconPencil, IconTrash, IconTruckDelivery } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { isFeatureOn, type Features } from '../../../../shared/rules/features';
import { confirmAction, informUser } from '../../../components/confirm';
import { DownloadFilesSlot } from '../../../components/project-files-slot';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { unitQuery } from '../api/get-unit';
import { useDeleteUnit } from '../api/mutate-unit';
import { DialogLoader } from '../../../components/dialog-loader';

// Loaded when first opened (their forms are not part of the page's first screen).
const EditUnitDialog = lazy(async () => ({ default: (await import('./edit-unit-dialog')).EditUnitDialog }));
const DeliveryDataDialog = lazy(async () => ({ default: (await import('./delivery-data-dialog')).DeliveryDataDialog }));

type Props = { unit: ProjectUnitDetail; features: Features };

/**
 * Actions of the current unit: edit (the unit's `canEdit` ability, which HideUnitEditAction takes away) and delete (not on the root).
 * Download selected files (DownloadSelectedFiles); show delivery dates (hidden while the root is Structuring); the delivery overview (DeliveryOverview).
 */
export function UnitActions({ unit, features }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [showDelivery, setShowDelivery] = useState(false);
  const remove = useDeleteUnit();
  const queryClient = useQueryClient();
  const isRoot = unit.parentProjectUnitID === null;
  const typeLabel = t(`UNIT.Type.${unit.projectUnitType}`);

  const refuse = (decision: 'notAllowed' | 'deleteItemsFirst') =>
    decision === 'deleteItemsFirst'
      ? informUser(
          t('PROJECT.Delete.DeleteItemsFirstTitle'),
          t('PROJECT.Delete.DeleteItemsFirstMessage', { name: unit.title }),
        )
      : informUser(typeLabel, t('PROJECT.Delete.NotAllowedMessage', { name: unit.title }));

  const handleDelete = async () => {
    if (unit.abilities.delete !== 'allowed') return refuse(unit.abilities.delete);
    // Files may have been uploaded since the page loaded: ask for the folder's current ones.
    const files =
      unit.projectUnitType === 'folder'
        ? (await queryClient.fetchQuery({ ...unitQuery(unit.projectUnitID), staleTime: 0 })).deleteFileNames
        : unit.deleteFileNames;
    // A folder goes with its files: the confirmation names them.
    const message =
      files.length === 0 ? (
        t('PROJECT.Delete.ConfirmMessage', { name: unit.title })
      ) : (
        <Stack gap="xs" data-testid="delete-folder-files">
          <Text size="sm">{t('PROJECT.Delete.ConfirmWithFiles', { name: unit.title, count: files.length })}</Text>
          <List size="sm" spacing={2}>
            {files.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
        </Stack>
      );
    const ok = await confirmAction({
      title: t('PROJECT.Delete.ConfirmTitle', { type: typeLabel }),
      message,
      confirmLabel: t('COMMON.Delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      const { parentProjectUnitID } = await remove.mutateAsync(unit.projectUnitID);
      notifySuccess(t('PROJECT.Delete.Done', { name: unit.title }));
      const parent = parentProjectUnitID ?? unit.rootProjectUnitID;
      navigate(
        parent === unit.rootProjectUnitID
          ? `/home/app/project/details/${parent}`
          : `/home/app/project/details/${unit.rootProjectUnitID}/${parent}`,
        {
          replace: true,
        },
      );
      remove.forget(unit.projectUnitID);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) void refuse('notAllowed');
      else if (err instanceof ApiError && err.status === 409) void refuse('deleteItemsFirst');
      else notifyError(err);
    }
  };

  return (
    <Group gap={4} wrap="nowrap">
      {unit.abilities.canEdit && (
        <Tooltip label={t('PROJECT.Actions.Edit')}>
          <ActionIcon variant="light" size="lg" aria-label={t('PROJECT.Actions.Edit')} onClick={() => setEditing(true)}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {unit.abilities.rootStateKey !== 'Structuring' && (
        <Tooltip label={t('DELIVERY.Data.Show')}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={t('DELIVERY.Data.Show')}
            onClick={() => setShowDelivery(true)}
          >
            <IconTruckDelivery size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {isFeatureOn(features, 'DeliveryOverview') && (
        <Tooltip label={t('DELIVERY.Overview.Open')}>
          <ActionIcon
            component={Link}
            to={`/home/app/project/delivery-overview/${unit.rootProjectUnitID}`}
            variant="light"
            size="lg"
            aria-label={t('DELIVERY.Overview.Open')}
          >
            <IconCalendarEvent size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {isFeatureOn(features, 'DownloadSelectedFiles') && <DownloadFilesSlot rootUnitId={unit.rootProjectUnitID} />}
      {!isRoot && (
        <Tooltip label={t('PROJECT.Actions.Delete')}>
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            aria-label={t('PROJECT.Actions.Delete')}
            onClick={() => void handleDelete()}
            loading={remove.isPending}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Suspense fallback={<DialogLoader />}>
        {editing && <EditUnitDialog unit={unit} onClose={() => setEditing(false)} />}
        {showDelivery && <DeliveryDataDialog rootId={unit.rootProjectUnitID} onClose={() => setShowDelivery(false)} />}
      </Suspense>
    </Group>
  );
}
