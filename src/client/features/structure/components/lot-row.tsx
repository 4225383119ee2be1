import { ActionIcon, Badge, Button, Group, NumberInput, Paper, Stack } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { materialProblem } from '../../../../shared/rules/structure';
import type { StructureApprovalLot } from '../../../../shared/schemas/structure';
import { confirmAction } from '../../../components/confirm';
import { useFormatters } from '../../../lib/format';
import { currentDrag, MoveHandle } from './move-handle';
import { RowDateInput, RowInput, RowSelect } from './row-input';
import { LotChangesBadge } from './model-changes';
import type { StructureAction } from './structure-state';
import type { LotModelChanges } from './use-lot-model-changes';

type Props = {
  subId: string;
  lot: StructureApprovalLot;
  earliest: string;
  materialTypes: string[];
  readOnly: boolean;
  /** Problems are shown once the user tried to save (or the row was touched). */
  showProblems: boolean;
  duplicate: boolean;
  /** Walls of the lot's storey added or changed since the model's previous version (marked). */
  changes?: LotModelChanges;
  index: number;
  dispatch: Dispatch<StructureAction>;
};

/** One approval lot: name, its material rows (type, volume in m³, delivery date), move and remove. */
export const LotRow = memo(function LotRow({
  subId,
  lot,
  earliest,
  materialTypes,
  readOnly,
  showProblems,
  duplicate,
  changes,
  index,
  dispatch,
}: Props) {
  const { t } = useTranslation();
  // The user's decimal mark ("39,28" in German), from the app's cached number format.
  const decimalSeparator = useFormatters().number(1.5).charAt(1);
  const name = lot.name || t('STRUCTURE.Unnamed');
  const used = new Set(lot.materials.map((m) => m.type));
  const free = materialTypes.filter((m) => !used.has(m));
  const typeLabel = (m: string) => t(`PROJECT.Materials.Types.${m}`, { defaultValue: m });
  const fieldId = (field: string) => `structure-lot-${lot.id}-${field}`;

  const remove = async () => {
    const holdsData = lot.materials.some((m) => m.volume > 0);
    if (
      holdsData &&
      !(await confirmAction({
        title: t('STRUCTURE.RemoveLotTitle'),
        message: t('STRUCTURE.RemoveLotMessage', { name }),
        confirmLabel: t('COMMON.Delete'),
        danger: true,
      }))
    )
      return;
    dispatch({ type: 'removeLot', subId, lotId: lot.id });
  };

  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid="approval-lot"
      data-lot-name={lot.name}
      data-model-changed={changes ? 'true' : undefined}
      onDragOver={(e) => {
        const d = currentDrag();
        if (d?.kind === 'lot' && d.subId === subId) e.preventDefault();
      }}
      onDrop={(e) => {
        const d = currentDrag();
        if (d?.kind !== 'lot' || d.subId !== subId) return;
        e.preventDefault();
        dispatch({ type: 'moveLotTo', subId, lotId: d.lotId, to: index });
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <MoveHandle
          label={t('STRUCTURE.MoveLot', { name })}
          hint={t('STRUCTURE.MoveHint')}
          item={{ kind: 'lot', subId, lotId: lot.id }}
          disabled={readOnly}
          onMove={(by) => dispatch({ type: 'moveLot', subId, lotId: lot.id, by })}
        />
        <Stack gap={4} w={220} style={{ flexShrink: 0 }}>
          <RowInput
            errorId={fieldId('name-error')}
            aria-label={t('STRUCTURE.LotName')}
            value={lot.name}
            readOnly={readOnly}
            w={220}
            error={
              (showProblems && !lot.name.trim() && t('STRUCTURE.Errors.NameRequired')) ||
              (duplicate && t('STRUCTURE.Errors.DuplicateApprovalLot', { name: lot.name.trim() }))
            }
            onChange={(e) => dispatch({ type: 'renameLot', subId, lotId: lot.id, name: e.currentTarget.value })}
          />
          {changes && <LotChangesBadge changes={changes} />}
        </Stack>
        <Stack gap={6} style={{ flex: 1 }}>
          {lot.materials.map((m, i) => {
            const problem = showProblems ? materialProblem(m, earliest, materialTypes) : null;
            return (
              <Group key={i} gap="xs" wrap="nowrap" data-testid="material-row">
                <RowSelect
                  aria-label={t('PROJECT.Materials.Type')}
                  options={[m.type, ...free].map((v) => ({ value: v, label: typeLabel(v) }))}
                  value={m.type}
                  disabled={readOnly}
                  w={150}
                  onChange={(e) =>
                    dispatch({
                      type: 'updateMaterial',
                      subId,
                      lotId: lot.id,
                      index: i,
                      patch: { type: e.currentTarget.value },
                    })
                  }
                />
                <NumberInput
                  aria-label={t('STRUCTURE.VolumeOf', { material: typeLabel(m.type), name })}
                  value={m.volume === 0 ? '' : m.volume}
                  placeholder="0"
                  min={0}
                  decimalScale={2}
                  decimalSeparator={decimalSeparator}
                  suffix=" m³"
                  hideControls
                  readOnly={readOnly}
                  w={120}
                  error={problem === 'volume'}
                  onChange={(v) =>
                    dispatch({
                      type: 'updateMaterial',
                      subId,
                      lotId: lot.id,
                      index: i,
                      patch: { volume: typeof v === 'number' ? v : 0, fromModel: false },
                    })
                  }
                />
                <RowDateInput
                  errorId={fieldId(`date-${i}-error`)}
                  aria-label={t('STRUCTURE.DateOf', { material: typeLabel(m.type), name })}
                  value={m.deliveryDate ?? ''}
                  min={earliest}
                  readOnly={readOnly}
                  w={160}
                  error={problem === 'deliveryDate'}
                  onChange={(value) =>
                    dispatch({
                      type: 'updateMaterial',
                      subId,
                      lotId: lot.id,
                      index: i,
                      patch: { deliveryDate: value || null },
                    })
                  }
                />
                {m.fromModel && (
                  <Group gap={4} wrap="nowrap">
                    <Badge variant="light" color="grape" size="sm">
                      {t('STRUCTURE.FromModel')}
                    </Badge>
                    <Tooltip label={t('STRUCTURE.ConfirmVolume')}>
                      <ActionIcon
                        variant="subtle"
                        color="teal"
                        aria-label={t('STRUCTURE.ConfirmVolume')}
                        disabled={readOnly}
                        onClick={() =>
                          dispatch({
                            type: 'updateMaterial',
                            subId,
                            lotId: lot.id,
                            index: i,
                            patch: { fromModel: false },
                          })
                        }
                      >
                        <IconCheck size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('PROJECT.Materials.Remove')}
                    onClick={() => dispatch({ type: 'removeMaterial', subId, lotId: lot.id, index: i })}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
          {!readOnly && free[0] !== undefined && (
            <Button
              variant="subtle"
              size="compact-xs"
              w="fit-content"
              leftSection={<IconPlus size={12} aria-hidden />}
              onClick={() =>
                dispatch({
                  type: 'addMaterial',
                  subId,
                  lotId: lot.id,
                  material: { type: free[0] ?? '', volume: 0, deliveryDate: earliest },
                })
              }
            >
              {t('PROJECT.Materials.Add')}
            </Button>
          )}
        </Stack>
        {!readOnly && (
          <ActionIcon variant="subtle" color="red" aria-label={t('STRUCTURE.RemoveLot', { name })} onClick={remove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
});
