import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Structure } from '../../../../shared/schemas/structure';
import { earliest, lotFixture, renderEdited, structureFixture } from '../test/structure-harness';
import { LotList } from './lot-list';
import type { LotModelChanges } from './use-lot-model-changes';

type Options = { readOnly?: boolean; showProblems?: boolean; modelChanges?: Map<string, LotModelChanges> };

/** The lots of subproject `s1`, edited by the editor's reducer. */
function renderList(
  initial: Structure,
  { readOnly = false, showProblems = false, modelChanges = new Map() }: Options = {},
) {
  return renderEdited(initial, (s, dispatch) => {
    const sub = s.subProjects[0];
    if (!sub) return null;
    return (
      <LotList
        subId={sub.id}
        subName={sub.name}
        lots={sub.approvalLots}
        earliest={earliest}
        materialTypes={['cs', 'aac']}
        readOnly={readOnly}
        showProblems={showProblems}
        deferRows={false}
        modelChanges={modelChanges}
        dispatch={dispatch}
      />
    );
  });
}

describe('LotList', () => {
  it('shows each lot with the column heads, and marks a name repeated within the subproject', () => {
    renderList(structureFixture([lotFixture('EG'), lotFixture('OG'), { ...lotFixture('x'), name: ' eg' }]));
    expect(screen.getAllByTestId('approval-lot').map((l) => l.getAttribute('data-lot-name'))).toEqual([
      'EG',
      'OG',
      ' eg',
    ]);
    expect(screen.getByText('Liefertermin')).toBeTruthy();
    expect(screen.getAllByText(/hat bereits ein Freigabelos/).map((e) => e.textContent)).toEqual([
      'Das Teilprojekt hat bereits ein Freigabelos „eg“. Bitte wählen Sie einen anderen Namen.',
    ]);
  });

  it("adds a lot named by the user with the tenant's first material from the earliest date", async () => {
    const { edited } = renderList(structureFixture([]));
    expect(screen.getByText('Noch kein Freigabelos – ein Teilprojekt braucht mindestens eines.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Neues Freigabelos in Haus A' }), 'Keller{Enter}');
    const [lot] = edited.current.subProjects[0]?.approvalLots ?? [];
    expect(lot).toMatchObject({ name: 'Keller', materials: [{ type: 'cs', volume: 0, deliveryDate: earliest }] });
    expect(screen.getAllByTestId('approval-lot')).toHaveLength(1);
  });

  it("marks the lot made from a storey the model's new version changed", () => {
    const changes = new Map([['og', { since: 2, walls: [{ globalId: 'w1', name: 'Wand Nord' }] }]]);
    renderList(structureFixture([lotFixture('EG'), lotFixture('OG')]), {
      modelChanges: changes as Map<string, LotModelChanges>,
    });
    const marked = screen.getAllByTestId('approval-lot').filter((l) => l.getAttribute('data-model-changed') === 'true');
    expect(marked.map((l) => l.getAttribute('data-lot-name'))).toEqual(['OG']);
    expect(screen.getByTestId('lot-model-changes').textContent).toContain('Wand Nord');
  });

  it('read-only: nothing to add', () => {
    renderList(structureFixture([lotFixture('EG')]), { readOnly: true });
    expect(screen.queryByTestId('add-lot')).toBeNull();
  });
});
