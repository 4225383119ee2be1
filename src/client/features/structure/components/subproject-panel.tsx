import { ActionIcon, Alert, Badge, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { memo, useMemo, type ComponentProps, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { exceedsVolumeLimit, MAX_VOLUME, normaliseTitle } from '../../../../shared/rules/project-units';
import { subprojectVolume } from '../../../../shared/rules/structure';
import type { StructureSubproject } from '../../../../shared/schemas/structure';
import { confirmAction } from '../../../components/confirm';
import { useFormatters } from '../../../lib/format';
import { MountWhenNear } from '../../../components/mount-when-near';
import { AddRow } from './add-row';
import { LotRow } from './lot-row';
import { currentDrag, MoveHandle } from './move-handle';
import { InfoHint, RowInput } from './row-input';
import { newRowId, type StructureAction } from './structure-state';
import type { LotModelChanges } from './use-lot-model-changes';

/** The height of a lot row with one material, and of each further material (placeholders keep it). */
const LOT_ROW_HEIGHT = 62;
const MATERIAL_ROW_HEIGHT = 44;

type Props = {
  sub: StructureSubproject;
  index: number;
  earliest: string;
  materialTypes: string[];
  readOnly: boolean;
  showProblems: boolean;
  duplicateName: boolean;
  /** A large structure renders lot rows only as they come near the visible area. */
  deferRows: boolean;
  /** The model's changes since its previous version, by the normalised name of a lot's storey. */
  modelChanges: ReadonlyMap<string, LotModelChanges>;
  dispatch: Dispatch<StructureAction>;
};

/** One subproject of the accordion: header with name, total and actions; its approval lots when expanded. */
export const SubprojectPanel = memo(function SubprojectPanel({
  sub,
  index,
  earliest,
  materialTypes,
  readOnly,
  showProblems,
  duplicateName,
  deferRows,
  modelChanges,
  dispatch,
}: Props) {
  const total = useMemo(() => subprojectVolume(sub), [sub]);
  const expanded = sub.expanded ?? false;
  const panelId = `structure-sub-${sub.id}`;

  return (
    <Paper
      withBorder
      radius="md"
      data-testid="subproject"
      data-subproject-name={sub.name}
      onDragOver={(e) => {
        if (currentDrag()?.kind === 'subproject') e.preventDefault();
      }}
      onDrop={(e) => {
        const d = currentDrag();
        if (d?.kind !== 'subproject') return;
        e.preventDefault();
        dispatch({ type: 'moveSubprojectTo', subId: d.subId, to: index });
      }}
    >
      <SubprojectHeader
        subId={sub.id}
        subName={sub.name}
        lotCount={sub.approvalLots.length}
        total={total}
        expanded={expanded}
        panelId={panelId}
        readOnly={readOnly}
        showProblems={showProblems}
        duplicateName={duplicateName}
        dispatch={dispatch}
      />
      {/* A large structure opens and closes at once: animating hundreds of rows' height costs seconds. */}
      <Collapse expanded={expanded} id={panelId} transitionDuration={deferRows ? 0 : 200}>
        {expanded && (
          <LotList
            subId={sub.id}
            subName={sub.name}
            lots={sub.approvalLots}
            earliest={earliest}
            materialTypes={materialTypes}
            readOnly={readOnly}
            showProblems={showProblems}
            deferRows={deferRows}
            modelChanges={modelChanges}
            dispatch={dispatch}
          />
        )}
      </Collapse>
    </Paper>
  );
});

type HeaderProps = {
  subId: string;
  subName: string;
  lotCount: number;
  total: number;
  expanded: boolean;
  panelId: string;
  readOnly: boolean;
  showProblems: boolean;
  duplicateName: boolean;
  dispatch: Dispatch<StructureAction>;
};

/** The subproject's header (and its limit alert): typing into one of its lots leaves it alone unless the total changes. */
const SubprojectHeader = memo(function SubprojectHeader({
  subId,
  subName,
  lotCount,
  total,
  expanded,
  panelId,
  readOnly,
  showProblems,
  duplicateName,
  dispatch,
}: HeaderProps) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const over = exceedsVolumeLimit([{ volume: total }]);
  const name = subName || t('STRUCTURE.Unnamed');

  const remove = async () => {
    if (
      lotCount > 0 &&
      !(await confirmAction({
        title: t('STRUCTURE.RemoveSubprojectTitle'),
        message: t('STRUCTURE.RemoveSubprojectMessage', { name, count: lotCount }),
        confirmLabel: t('COMMON.Delete'),
        danger: true,
      }))
    )
      return;
    dispatch({ type: 'removeSubproject', subId });
  };

  return (
    <>
      <Group
        gap="xs"
        p="xs"
        wrap="nowrap"
        bg={over ? 'var(--mantine-color-red-light)' : 'var(--mantine-color-gray-light)'}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-expanded={expanded}
          aria-controls={panelId}
          aria-label={t(expanded ? 'STRUCTURE.Collapse' : 'STRUCTURE.Expand', { name })}
          onClick={() => dispatch({ type: 'toggle', subId })}
        >
          {expanded ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
        </ActionIcon>
        <MoveHandle
          label={t('STRUCTURE.MoveSubproject', { name })}
          hint={t('STRUCTURE.MoveHint')}
          item={{ kind: 'subproject', subId }}
          disabled={readOnly}
          onMove={(by) => dispatch({ type: 'moveSubproject', subId, by })}
        />
        <RowInput
          errorId={`structure-sub-${subId}-name-error`}
          aria-label={t('STRUCTURE.SubprojectName')}
          value={subName}
          readOnly={readOnly}
          fw={600}
          style={{ flex: 1 }}
          error={
            (showProblems && !subName.trim() && t('STRUCTURE.Errors.NameRequired')) ||
            (duplicateName && t('STRUCTURE.Errors.DuplicateSubproject', { name: subName.trim() }))
          }
          onChange={(e) => dispatch({ type: 'renameSubproject', subId, name: e.currentTarget.value })}
        />
        <Badge variant="light" color="gray">
          {t('STRUCTURE.LotCount', { count: lotCount })}
        </Badge>
        <Text size="sm" fw={600} c={over ? 'red' : undefined} data-testid="subproject-total" miw={130} ta="right">
          {t('STRUCTURE.SubprojectTotal', { total: fmt.number(total), max: fmt.number(MAX_VOLUME) })}
        </Text>
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('STRUCTURE.RemoveSubproject', { name })}
            onClick={remove}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {over && (
        <Alert
          color="red"
          m="xs"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('PROJECT.Materials.LimitReachedTitle')}
        >
          {t('PROJECT.Materials.LimitReached', { max: MAX_VOLUME, total: fmt.number(total) })}
        </Alert>
      )}
    </>
  );
});

type LotListProps = {
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
const LotList = memo(function LotList({
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
}: LotListProps) {
  const { t } = useTranslation();
  const name = subName || t('STRUCTURE.Unnamed');
  const duplicateLots = useMemo(() => {
    const seen = new Set<string>();
    return new Set(
      lots.flatMap((l) => {
        const key = normaliseTitle(l.name);
        const dup = key !== '' && seen.has(key);
        seen.add(key);
        return dup ? [l.id] : [];
      }),
    );
  }, [lots]);

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
      estimatedHeight={LOT_ROW_HEIGHT + (row.lot.materials.length - 1) * MATERIAL_ROW_HEIGHT}
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
