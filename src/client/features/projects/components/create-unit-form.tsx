import { Button, Group, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectUnitDetail } from '../../../../shared/schemas/projects';
import type { ProjectUnitType } from '../../../../shared/schemas/project-unit';
import { informUser } from '../../../components/confirm';
import { ServerMessages } from '../../../components/server-messages';
import { ApiError } from '../../../lib/api-client';
import { useLotContext } from '../api/materials';
import { useCreateUnit } from '../api/mutate-unit';
import { localToday } from './dates';
import { isOverLimit } from './materials-fields';
import { emptyUnitForm, toMaterialEntries, UnitFormFields, useUnitForm } from './unit-form';
import { useTitleCheck } from './use-title-check';

type Props = { type: string; parent: ProjectUnitDetail; onCancel: () => void; onCreated: () => void };

export function CreateUnitForm({ type, parent, onCancel, onCreated }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUnit();
  const lot = useLotContext(parent.projectUnitID, undefined, type === 'approvallot');
  const today = lot.data?.today ?? localToday();
  const form = useUnitForm(type, emptyUnitForm, { today, lot: lot.data });
  const titleCheck = useTitleCheck(parent.projectUnitID, form.values.title, { enabled: true });

  if (type === 'approvallot' && !lot.data) {
    return lot.error ? <ServerMessages error={lot.error} /> : <Loader size="sm" />;
  }

  const overLimit = type === 'approvallot' && lot.data !== undefined && isOverLimit(lot.data, form.values.materials);

  const submit = form.onSubmit((values) => {
    if (titleCheck.invalid) return;
    const materials = type === 'approvallot' ? toMaterialEntries(values.materials) : undefined;
    create.mutate(
      {
        input: {
          parentProjectUnitID: parent.projectUnitID,
          rootProjectUnitID: parent.rootProjectUnitID,
          tenantID: parent.tenantID,
          projectUnitType: type as ProjectUnitType,
          projectUnitTypeVariant: parent.projectUnitTypeVariant,
          title: values.title.trim(),
          notes: values.notes.trim() || null,
          deliveryDate: values.deliveryDate || null,
        },
        materials,
      },
      {
        onSuccess: (created) => {
          onCreated();
          navigate(`/home/app/project/details/${created.rootProjectUnitID}/${created.projectUnitID}`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'DuplicateElement') {
            void informUser(
              t('PROJECT.Duplicate.Title'),
              t(`PROJECT.Duplicate.Message_${type}`, { title: values.title.trim() }),
            );
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <UnitFormFields type={type} form={form} titleInvalid={titleCheck.invalid} today={today} lot={lot.data} />
        <ServerMessages error={create.error} detailed />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('COMMON.Cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={titleCheck.invalid || overLimit}>
            {t('COMMON.Add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
