import { useMemo, type Dispatch, type DragEvent } from 'react';
import { currentDrag } from '../components/move-handle';
import { dropAction, type DropTarget } from '../components/structure-rows';
import type { StructureAction } from '../components/structure-state';

/**
 * The drag-over and drop handlers of a row: the row accepts a dragged row that belongs in its list
 * (see dropAction), which then takes the row's place.
 */
export function useRowDrop(target: DropTarget, dispatch: Dispatch<StructureAction>) {
  const { kind, index } = target;
  const subId = target.kind === 'lot' ? target.subId : '';
  return useMemo(() => {
    const here: DropTarget = kind === 'lot' ? { kind, subId, index } : { kind, index };
    return {
      onDragOver: (e: DragEvent) => {
        if (dropAction(currentDrag(), here)) e.preventDefault();
      },
      onDrop: (e: DragEvent) => {
        const action = dropAction(currentDrag(), here);
        if (!action) return;
        e.preventDefault();
        dispatch(action);
      },
    };
  }, [kind, subId, index, dispatch]);
}
