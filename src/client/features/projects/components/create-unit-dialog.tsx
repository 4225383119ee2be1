import { Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { allowedChildTypes, canCreateType } from '../../../../shared/rules/project-units';
import type { ProjectUnitDetail } from '../../../../shared/schemas/projects';
import type { ProjectUnitType } from '../../../../shared/schemas/project-unit';
import { informUser } from '../../../components/confirm';
import { FormDialog } from '../../../components/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useLotContext } from '../api/materials';
import { useCreateUnit } from '../api/mutate-unit';
import { localToday } from './dates';
import { isOverLimit } from './materials-fields';
import { toMaterialEntries, UnitFormFields, useUnitForm } from './unit-form';
import { metaOf } from './unit-type-meta';
import { useTitleCheck } from './use-title-check';

type Props = { parent: ProjectUnitDetail; onClose: () => void };

/** The kinds of subproject: approval lots (no variant), AAC-element or lintel order lots. */
const subprojectKinds = [null, 'aac_elements', 'lintel'] as const;

/** Type tiles with descriptions, then the form of the chosen type (spec/admin-profile-orders.md §2). */
export function CreateUnitDialog({ parent, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = allowedChildTypes(parent.projectUnitType, parent.projectUnitTypeVariant);
  // Below the project, the kind of subproject is chosen here: it decides which lots it holds.
  const choices = types.flatMap((candidate): { type: string; variant: string | null | undefined }[] =>
    candidate === 'subproject' && parent.projectUnitType === 'project'
      ? subprojectKinds.map((variant) => ({ type: candidate, variant }))
      : [{ type: candidate, variant: undefined }],
  );
  const [type, setType] = useState<string | null>(null);
  const [variant, setVariant] = useState<string | null | undefined>(undefined);
  const create = useCreateUnit();
  const isLot = type === 'approvallot';
  const lot = useLotContext(parent.projectUnitID, undefined, isLot);
  const today = lot.data?.today ?? localToday();
  const form = useUnitForm(type ?? '', undefined, { today, lot: lot.data });
  const titleCheck = useTitleCheck(parent.projectUnitID, form.values.title, { enabled: type !== null });
  const lotLoading = isLot && !lot.data && !lot.error;
  const overLimit = isLot && lot.data !== undefined && isOverLimit(lot.data, form.values.materials);

  const choose = (candidate: string, kind: string | null | undefined) => {
    const ctx = {
      isSalesPlanner: parent.abilities.isSalesPlanner,
      rootStateKey: parent.abilities.rootStateKey,
      isInternal: parent.abilities.isInternal,
    };
    if (!canCreateType(candidate, ctx)) {
      void informUser(
        t('UNIT.Create.NotAllowedTitle'),
        t('UNIT.Create.NotAllowedMessage', { type: t(`UNIT.Type.${candidate}`) }),
      );
      return;
    }
    setType(candidate);
    setVariant(kind);
  };

  const submit = form.onSubmit((values) => {
    if (!type || titleCheck.invalid) return;
    const title = values.title.trim();
    create.mutate(
      {
        input: {
          parentProjectUnitID: parent.projectUnitID,
          rootProjectUnitID: parent.rootProjectUnitID,
          tenantID: parent.tenantID,
          projectUnitType: type as ProjectUnitType,
          projectUnitTypeVariant: variant === undefined ? parent.projectUnitTypeVariant : variant,
          title,
          notes: values.notes.trim() || null,
          deliveryDate: values.deliveryDate || null,
        },
        materials: isLot ? toMaterialEntries(values.materials) : undefined,
      },
      {
        onSuccess: (created) => {
          onClose();
          navigate(`/home/app/project/details/${created.rootProjectUnitID}/${created.projectUnitID}`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'DuplicateElement') {
            void informUser(t('PROJECT.Duplicate.Title'), t(`PROJECT.Duplicate.Message_${type}`, { title }));
          }
        },
      },
    );
  });

  return (
    <FormDialog
      opened
      title={t('UNIT.Create.Title')}
      size="xl"
      onClose={onClose}
      onSubmit={() => submit()}
      submitting={create.isPending}
      valid={type !== null && !titleCheck.invalid && !overLimit && !lotLoading}
      error={create.error ?? lot.error}
      detailedErrors
      submitLabel={t('COMMON.Add')}
    >
      {types.length === 0 ? (
        <Text data-testid="no-further-structuring">{t('UNIT.Create.NoFurtherStructuring')}</Text>
      ) : (
        <Stack gap="xs">
          {parent.projectUnitType === 'project' && (
            <Text size="sm" data-testid="subproject-kind-hint">
              {t('UNIT.Kind.Hint')}
            </Text>
          )}
          <SimpleGrid
            cols={{ base: 1, sm: Math.min(choices.length, 2) }}
            role="radiogroup"
            aria-label={t('UNIT.Create.ChooseType')}
          >
            {choices.map(({ type: candidate, variant: kind }) => {
              const meta = metaOf(candidate);
              const selected = type === candidate && variant === kind;
              const key = kind === undefined ? candidate : `${candidate}-${kind ?? 'approval'}`;
              return (
                <UnstyledButton
                  key={key}
                  role="radio"
                  aria-checked={selected}
                  onClick={() => choose(candidate, kind)}
                  p="md"
                  data-testid={`type-tile-${key}`}
                  style={{
                    border: `2px solid var(--mantine-color-${selected ? meta.color + '-6' : 'gray-3'})`,
                    borderRadius: 'var(--mantine-radius-md)',
                    background: selected ? `var(--mantine-color-${meta.color}-0)` : undefined,
                  }}
                >
                  <Group wrap="nowrap" align="flex-start">
                    <ThemeIcon color={meta.color} variant="light" size="lg">
                      <meta.icon size={20} aria-hidden />
                    </ThemeIcon>
                    <Stack gap={2}>
                      <Text fw={600}>
                        {kind === undefined ? t(`UNIT.Type.${candidate}`) : t(`UNIT.Kind.${kind ?? 'approval'}.Title`)}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {kind === undefined
                          ? t(`UNIT.Description.${candidate}`)
                          : t(`UNIT.Kind.${kind ?? 'approval'}.Description`)}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
      {lotLoading && <Loader size="sm" aria-label={t('COMMON.Loading')} />}
      {type && !lotLoading && (
        <UnitFormFields type={type} form={form} titleInvalid={titleCheck.invalid} today={today} lot={lot.data} />
      )}
    </FormDialog>
  );
}
