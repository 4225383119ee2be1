import { ActionIcon, Button, Group, Paper, Stack } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { StructureApprovalLot } from '../../../../shared/schemas/structure';
import { useRemoveLot } from '../hooks/use-remove-row';
import { useRowDrop } from '../hooks/use-row-drop';
import { MaterialRow } from './material-row';
import { LotChangesBadge } from './model-changes';
import { MoveHandle } from './move-handle';
import { RowInput } from './row-input';
import { freeMaterialTypes } from './structure-rows';
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
  const name = lot.name || t('STRUCTURE.Unnamed');
  const free = freeMaterialTypes(lot.materials, materialTypes);
  const remove = useRemoveLot(subId, lot, dispatch);
  const drop = useRowDrop({ kind: 'lot', subId, index }, dispatch);

  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid="approval-lot"
      data-lot-name={lot.name}
      data-model-changed={changes ? 'true' : undefined}
      {...drop}
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
            errorId={`structure-lot-${lot.id}-name-error`}
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
          {lot.materials.map((m, i) => (
            <MaterialRow
              key={i}
              subId={subId}
              lotId={lot.id}
              lotName={name}
              material={m}
              index={i}
              free={free}
              earliest={earliest}
              materialTypes={materialTypes}
              readOnly={readOnly}
              showProblems={showProblems}
              dispatch={dispatch}
            />
          ))}
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
