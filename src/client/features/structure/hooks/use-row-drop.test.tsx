import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MoveHandle, type DragItem } from '../components/move-handle';
import type { DropTarget } from '../components/structure-rows';
import type { StructureAction } from '../components/structure-state';
import { dragData } from '../test/structure-harness';
import { useRowDrop } from './use-row-drop';

function Target({ target, sent }: { target: DropTarget; sent: StructureAction[] }) {
  const drop = useRowDrop(target, (action) => sent.push(action));
  return <div data-testid="target" {...drop} />;
}

/** A drop target and the handle of `item`, its drag started; what the target sends goes to the list. */
function dragOnto(target: DropTarget, item: DragItem) {
  const sent: StructureAction[] = [];
  renderWithProviders(
    <>
      <Target target={target} sent={sent} />
      <MoveHandle label="Ziehen" hint="" item={item} onMove={() => undefined} />
    </>,
  );
  const handle = screen.getByRole('button', { name: 'Ziehen' });
  fireEvent.dragStart(handle, dragData);
  // The drag in progress is the page's: the test ends it.
  return { sent, target: screen.getByTestId('target'), end: () => fireEvent.dragEnd(handle) };
}

describe('useRowDrop', () => {
  it('accepts a lot of its own subproject, which takes the place of the lot dropped on', () => {
    const drag = dragOnto({ kind: 'lot', subId: 's1', index: 2 }, { kind: 'lot', subId: 's1', lotId: 'l7' });
    // fireEvent returns false when a handler prevented the default, that is, allowed the drop.
    expect(fireEvent.dragOver(drag.target)).toBe(false);
    expect(fireEvent.drop(drag.target)).toBe(false);
    expect(drag.sent).toEqual([{ type: 'moveLotTo', subId: 's1', lotId: 'l7', to: 2 }]);
    drag.end();
  });

  it('refuses a lot of another subproject and sends nothing', () => {
    const drag = dragOnto({ kind: 'lot', subId: 's1', index: 0 }, { kind: 'lot', subId: 's2', lotId: 'l7' });
    expect(fireEvent.dragOver(drag.target)).toBe(true);
    expect(fireEvent.drop(drag.target)).toBe(true);
    expect(drag.sent).toEqual([]);
    drag.end();
  });

  it('moves a subproject to the place of the subproject dropped on', () => {
    const drag = dragOnto({ kind: 'subproject', index: 1 }, { kind: 'subproject', subId: 's3' });
    expect(fireEvent.dragOver(drag.target)).toBe(false);
    expect(fireEvent.drop(drag.target)).toBe(false);
    expect(drag.sent).toEqual([{ type: 'moveSubprojectTo', subId: 's3', to: 1 }]);
    drag.end();
  });

  it('refuses a lot on a subproject, and any drop once the drag ended', () => {
    const drag = dragOnto({ kind: 'subproject', index: 0 }, { kind: 'lot', subId: 's1', lotId: 'l1' });
    expect(fireEvent.dragOver(drag.target)).toBe(true);
    drag.end();
    expect(fireEvent.drop(drag.target)).toBe(true);
    expect(drag.sent).toEqual([]);
  });
});
