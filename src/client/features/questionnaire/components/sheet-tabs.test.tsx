import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { evaluate, normalize, setValue } from '../../../../shared/questionnaire/engine';
import { renderWithProviders } from '../../../test/render';
import { questionnaireFixture } from '../test/questionnaire-fixture';
import { SheetTabs } from './sheet-tabs';

describe('SheetTabs', () => {
  const q = questionnaireFixture();
  const render = (data = normalize(q.sheets, {}), onSelect = vi.fn()) =>
    renderWithProviders(
      <SheetTabs
        sheets={q.sheets}
        current="a"
        onSelect={onSelect}
        data={data}
        evaluation={evaluate(q.sheets, data)}
        readOnly={false}
        rootId={q.rootUnitId}
        onChange={vi.fn()}
      />,
    );

  it('marks a sheet with missing required values, and only that one', () => {
    render();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Blatt a', 'Blatt b']);
    expect(within(tabs[0]!).getByLabelText('Pflichtangaben fehlen')).toBeTruthy();
    expect(within(tabs[1]!).queryByLabelText('Pflichtangaben fehlen')).toBeNull();
  });

  it('drops the mark once the sheet is complete, and tells which tab was chosen', async () => {
    const onSelect = vi.fn();
    render(setValue(q.sheets, normalize(q.sheets, {}), 'a', 'name', 'Haus am See'), onSelect);
    expect(screen.queryByLabelText('Pflichtangaben fehlen')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Blatt b' }));
    expect(onSelect).toHaveBeenCalledWith('b');
  });
});
