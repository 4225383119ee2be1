import { ActionIcon, Alert, Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { memo, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { exceedsVolumeLimit, MAX_VOLUME } from '../../../../shared/rules/project-units';
import { useFormatters } from '../../../lib/format';
import { useRemoveSubproject } from '../hooks/use-remove-row';
import { MoveHandle } from './move-handle';
import { RowInput } from './row-input';
import type { StructureAction } from './structure-state';

type Props = {
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
export const SubprojectHeader = memo(function SubprojectHeader({
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
}: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const over = exceedsVolumeLimit([{ volume: total }]);
  const name = subName || t('STRUCTURE.Unnamed');
  const remove = useRemoveSubproject(subId, subName, lotCount, dispatch);

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
