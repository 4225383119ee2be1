import { Group, Stack, Text } from '@mantine/core';
import { memo, useMemo, type ComponentProps, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseTitle } from '../../../../shared/rules/project-units';
import type { StructureSubproject } from '../../../../shared/schemas/structure';
import { MountWhenNear } from '../../../components/mount-when-near';
import { useFormatters } from '../../../lib/format';
import { AddRow } from './add-row';
import { LotRow } from './lot-row';
import { InfoHint } from './row-input';
import { estimatedLotHeight, repeatedNameIds } from './structure-rows';
import { newRowId, type StructureAction } from './structure-state';
import type { LotModelChanges } from './use-lot-model-changes';

type Props = {
  subId: string;
  subName: string;
  lots: StructureSubproject['approvalLots'];
  earliest: string;
  materialTypes: string[];
  readOnly: boolean;
  showProblems: boolean;
  deferRows: boolean;
  modelChanges: ReadonlyMap<string, LotModelChanges>;
  dispatch: Dispatch<StructureAction>;
};

/** The approval lots of an expanded subproject: only the changed lot's row renders again. */
export const LotList = memo(function LotList({
  subId,
  subName,
  lots,
  earliest,
  materialTypes,
  readOnly,
  showProblems,
  deferRows,
  modelChanges,
  dispatch,
}: Props) {
  const { t } = useTranslation();
  const name = subName || t('STRUCTURE.Unnamed');
  const duplicateLots = useMemo(() => repeatedNameIds(lots), [lots]);

  return (
    <Stack gap="xs" p="xs">
      {lots.length > 0 && <LotListHeader earliest={earliest} />}
      {lots.map((lot, i) => (
        <LotSlot
          key={lot.id}
          subId={subId}
          lot={lot}
          index={i}
          earliest={earliest}
          materialTypes={materialTypes}
          readOnly={readOnly}
          showProblems={showProblems}
          duplicate={duplicateLots.has(lot.id)}
          changes={modelChanges.get(normaliseTitle(lot.name))}
          deferRows={deferRows}
          dispatch={dispatch}
        />
      ))}
      {lots.length === 0 && (
        <Text size="sm" c={showProblems ? 'orange' : 'dimmed'}>
          {t('STRUCTURE.NoLotsYet')}
        </Text>
      )}
      {!readOnly && (
        <AddRow
          label={t('STRUCTURE.AddLot', { name })}
          placeholder={t('STRUCTURE.AddLotPlaceholder')}
          testId="add-lot"
          onAdd={(lotName) =>
            dispatch({
              type: 'addLot',
              subId,
              id: newRowId(),
              name: lotName,
              material: { type: materialTypes[0] ?? 'aac', volume: 0, deliveryDate: earliest },
            })
          }
        />
      )}
    </Stack>
  );
});

/** The column heads of a subproject's lots (with the earliest delivery date's tooltip). */
const LotListHeader = memo(function LotListHeader({ earliest }: { earliest: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return (
    <Group gap="xs" pl={36} wrap="nowrap" c="dimmed">
      <Text size="xs" w={220}>
        {t('STRUCTURE.LotName')}
      </Text>
      <Text size="xs" w={150}>
        {t('PROJECT.Materials.Type')}
      </Text>
      <Text size="xs" w={120}>
        {t('PROJECT.Materials.Volume')}
      </Text>
      <Group gap={4} w={160}>
        <Text size="xs">{t('PROJECT.Materials.DeliveryDate')}</Text>
        <InfoHint label={t('PROJECT.Materials.EarliestDate', { date: fmt.date(earliest) })} />
      </Group>
    </Group>
  );
});

type LotSlotProps = ComponentProps<typeof LotRow> & { deferRows: boolean };

/** One lot's place in the list: its row, or (in a large structure, away from the view) a placeholder. */
const LotSlot = memo(function LotSlot({ deferRows, ...row }: LotSlotProps) {
  return (
    <MountWhenNear
      eager={!deferRows}
      estimatedHeight={estimatedLotHeight(row.lot.materials.length)}
      placeholderProps={{
        'data-testid': 'approval-lot',
        'data-lot-name': row.lot.name,
        role: 'group',
        'aria-label': row.lot.name,
      }}
    >
      <LotRow {...row} />
    </MountWhenNear>
  );
});
