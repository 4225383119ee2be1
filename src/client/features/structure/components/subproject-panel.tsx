import { ActionIcon, Alert, Badge, Collapse, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { memo, type Dispatch } from 'react';
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
import { newRowId, type StructureAction } from './structure-state';

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
  dispatch,
}: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const total = subprojectVolume(sub);
  const over = exceedsVolumeLimit([{ volume: total }]);
  const expanded = sub.expanded ?? false;
  const name = sub.name || t('STRUCTURE.Unnamed');
  const panelId = `structure-sub-${sub.id}`;
  const seen = new Set<string>();
  const duplicateLots = new Set(
    sub.approvalLots.flatMap((l) => {
      const key = normaliseTitle(l.name);
      const dup = key !== '' && seen.has(key);
      seen.add(key);
      return dup ? [l.id] : [];
    }),
  );

  const remove = async () => {
    if (
      sub.approvalLots.length > 0 &&
      !(await confirmAction({
        title: t('STRUCTURE.RemoveSubprojectTitle'),
        message: t('STRUCTURE.RemoveSubprojectMessage', { name, count: sub.approvalLots.length }),
        confirmLabel: t('COMMON.Delete'),
        danger: true,
      }))
    )
      return;
    dispatch({ type: 'removeSubproject', subId: sub.id });
  };

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
          onClick={() => dispatch({ type: 'toggle', subId: sub.id })}
        >
          {expanded ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
        </ActionIcon>
        <MoveHandle
          label={t('STRUCTURE.MoveSubproject', { name })}
          hint={t('STRUCTURE.MoveHint')}
          item={{ kind: 'subproject', subId: sub.id }}
          disabled={readOnly}
          onMove={(by) => dispatch({ type: 'moveSubproject', subId: sub.id, by })}
        />
        <TextInput
          aria-label={t('STRUCTURE.SubprojectName')}
          value={sub.name}
          readOnly={readOnly}
          fw={600}
          style={{ flex: 1 }}
          error={
            (showProblems && !sub.name.trim() && t('STRUCTURE.Errors.NameRequired')) ||
            (duplicateName && t('STRUCTURE.Errors.DuplicateSubproject', { name: sub.name.trim() }))
          }
          onChange={(e) => dispatch({ type: 'renameSubproject', subId: sub.id, name: e.currentTarget.value })}
        />
        <Badge variant="light" color="gray">
          {t('STRUCTURE.LotCount', { count: sub.approvalLots.length })}
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
      <Collapse expanded={expanded} id={panelId}>
        {expanded && (
          <Stack gap="xs" p="xs">
            {sub.approvalLots.length > 0 && (
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
                  <Tooltip label={t('PROJECT.Materials.EarliestDate', { date: fmt.date(earliest) })} multiline w={220}>
                    <IconInfoCircle
                      size={14}
                      aria-label={t('PROJECT.Materials.EarliestDate', { date: fmt.date(earliest) })}
                    />
                  </Tooltip>
                </Group>
              </Group>
            )}
            {sub.approvalLots.map((lot, i) => (
              <MountWhenNear
                key={lot.id}
                eager={!deferRows}
                estimatedHeight={LOT_ROW_HEIGHT + (lot.materials.length - 1) * MATERIAL_ROW_HEIGHT}
                placeholderProps={{
                  'data-testid': 'approval-lot',
                  'data-lot-name': lot.name,
                  role: 'group',
                  'aria-label': lot.name,
                }}
              >
                <LotRow
                  subId={sub.id}
                  lot={lot}
                  index={i}
                  earliest={earliest}
                  materialTypes={materialTypes}
                  readOnly={readOnly}
                  showProblems={showProblems}
                  duplicate={duplicateLots.has(lot.id)}
                  dispatch={dispatch}
                />
              </MountWhenNear>
            ))}
            {sub.approvalLots.length === 0 && (
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
                    subId: sub.id,
                    id: newRowId(),
                    name: lotName,
                    material: { type: materialTypes[0] ?? 'aac', volume: 0, deliveryDate: earliest },
                  })
                }
              />
            )}
          </Stack>
        )}
      </Collapse>
    </Paper>
  );
});
