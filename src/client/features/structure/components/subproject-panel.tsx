import { Collapse, Paper } from '@mantine/core';
import { memo, useMemo, type Dispatch } from 'react';
import { subprojectVolume } from '../../../../shared/rules/structure';
import type { StructureSubproject } from '../../../../shared/schemas/structure';
import { useRowDrop } from '../hooks/use-row-drop';
import { LotList } from './lot-list';
import type { StructureAction } from './structure-state';
import { SubprojectHeader } from './subproject-header';
import type { LotModelChanges } from './use-lot-model-changes';

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
  const drop = useRowDrop({ kind: 'subproject', index }, dispatch);

  return (
    <Paper withBorder radius="md" data-testid="subproject" data-subproject-name={sub.name} {...drop}>
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
