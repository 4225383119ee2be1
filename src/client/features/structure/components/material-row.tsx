import { ActionIcon, Badge, Group, NumberInput } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { materialProblem } from '../../../../shared/rules/structure';
import type { StructureMaterial } from '../../../../shared/schemas/structure';
import { Tooltip } from '../../../components/tooltip';
import { useFormatters } from '../../../lib/format';
import { useNumberText } from '../../../lib/use-number-text';
import { RowDateInput, RowSelect } from './row-input';
import type { StructureAction } from './structure-state';

type Props = {
  subId: string;
  lotId: string;
  /** The lot's name as the fields' labels say it. */
  lotName: string;
  material: StructureMaterial;
  index: number;
  /** The material types the lot has no row for yet (this row may switch to one of them). */
  free: string[];
  earliest: string;
  materialTypes: string[];
  readOnly: boolean;
  showProblems: boolean;
  dispatch: Dispatch<StructureAction>;
};

/** One material of an approval lot: type, volume in m³, delivery date, the model's mark, remove. */
export function MaterialRow({
  subId,
  lotId,
  lotName,
  material: m,
  index,
  free,
  earliest,
  materialTypes,
  readOnly,
  showProblems,
  dispatch,
}: Props) {
  const { t } = useTranslation();
  // The user's decimal mark ("39,28" in German), from the app's cached number format.
  const decimalSeparator = useFormatters().number(1.5).charAt(1);
  const typeLabel = (type: string) => t(`PROJECT.Materials.Types.${type}`, { defaultValue: type });
  const problem = showProblems ? materialProblem(m, earliest, materialTypes) : null;
  const update = (patch: Partial<StructureMaterial>) =>
    dispatch({ type: 'updateMaterial', subId, lotId, index, patch });
  const volume = useNumberText(m.volume === 0 ? null : m.volume, (n) => update({ volume: n ?? 0, fromModel: false }));

  return (
    <Group gap="xs" wrap="nowrap" data-testid="material-row">
      <RowSelect
        aria-label={t('PROJECT.Materials.Type')}
        options={[m.type, ...free].map((v) => ({ value: v, label: typeLabel(v) }))}
        value={m.type}
        disabled={readOnly}
        w={150}
        onChange={(e) => update({ type: e.currentTarget.value })}
      />
      <NumberInput
        aria-label={t('STRUCTURE.VolumeOf', { material: typeLabel(m.type), name: lotName })}
        {...volume}
        placeholder="0"
        min={0}
        decimalScale={2}
        decimalSeparator={decimalSeparator}
        suffix=" m³"
        hideControls
        readOnly={readOnly}
        w={120}
        error={problem === 'volume'}
      />
      <RowDateInput
        errorId={`structure-lot-${lotId}-date-${index}-error`}
        aria-label={t('STRUCTURE.DateOf', { material: typeLabel(m.type), name: lotName })}
        value={m.deliveryDate ?? ''}
        min={earliest}
        readOnly={readOnly}
        w={160}
        error={problem === 'deliveryDate'}
        onChange={(value) => update({ deliveryDate: value || null })}
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
              onClick={() => update({ fromModel: false })}
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
          onClick={() => dispatch({ type: 'removeMaterial', subId, lotId, index })}
        >
          <IconTrash size={14} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
