import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ModelFilters, ModelProperties } from './model-panels';

const groups = {
  storeys: [{ label: 'Erdgeschoss', ids: [1, 2], visible: true }],
  categories: [{ label: 'IFCWALL', ids: [1, 2, 3], visible: false }],
};

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('model panels', { timeout: 20_000 }, () => {
  it('shows the clicked element without its IFC attributes, or a note that none is chosen', () => {
    const element = {
      globalId: '2O2Fr$t4X7Zf8NOew3FLOH',
      name: 'Wand-001',
      type: 'IFCWALL',
      properties: [
        { group: 'IFC', name: 'Tag', value: 'x' },
        { group: 'Pset_WallCommon', name: 'IsExternal', value: 'true' },
      ],
    };
    const { rerender } = renderWithProviders(<ModelProperties selected={element} />);
    const table = screen.getByTestId('model-properties');
    expect(table.textContent).toContain('Wand-001');
    expect(table.textContent).toContain('2O2Fr$t4X7Zf8NOew3FLOH');
    expect(table.textContent).toContain('Pset_WallCommon · IsExternal');
    expect(table.textContent).not.toContain('Tag');
    rerender(<ModelProperties selected={null} />);
    expect(screen.getByTestId('model-properties').querySelector('table')).toBeNull();
  });

  it('switches storeys and classes, counting the elements of a class', () => {
    const onToggleStorey = vi.fn();
    const onToggleCategory = vi.fn();
    renderWithProviders(
      <ModelFilters
        open
        onOpenChange={vi.fn()}
        {...groups}
        onToggleStorey={onToggleStorey}
        onToggleCategory={onToggleCategory}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Erdgeschoss' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'IFCWALL (3)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Erdgeschoss' }));
    expect(onToggleCategory).toHaveBeenCalledWith(0);
    expect(onToggleStorey).toHaveBeenCalledWith(0);
  });

  it('folds away behind a button and opens again', () => {
    const onOpenChange = vi.fn();
    const props = { ...groups, onOpenChange, onToggleStorey: vi.fn(), onToggleCategory: vi.fn() };
    const { rerender } = renderWithProviders(<ModelFilters open {...props} />);
    const hide = screen.getByRole('button', { expanded: true });
    expect(hide.getAttribute('aria-controls')).toBe('model-filters');
    fireEvent.click(hide);
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    rerender(<ModelFilters open={false} {...props} />);
    expect(document.getElementById('model-filters')?.style.display).toBe('none');
    fireEvent.click(screen.getByRole('button', { expanded: false }));
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
  });
});
