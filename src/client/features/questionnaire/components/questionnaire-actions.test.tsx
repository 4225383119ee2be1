import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { QuestionnaireActions } from './questionnaire-actions';

const props = {
  canEdit: true,
  dirty: false,
  saving: false,
  hasPrevious: false,
  hasNext: true,
  backTo: '/home/app/project/details/41',
  onDiscard: vi.fn(),
  onPrevious: vi.fn(),
  onNext: vi.fn(),
  onSaveClose: vi.fn(),
};

describe('QuestionnaireActions', () => {
  it('offers discarding only while something is unsaved', async () => {
    const { rerender } = renderWithProviders(<QuestionnaireActions {...props} />);
    expect(screen.queryByRole('button', { name: 'Änderungen verwerfen' })).toBeNull();
    rerender(<QuestionnaireActions {...props} dirty />);
    await userEvent.click(screen.getByRole('button', { name: 'Änderungen verwerfen' }));
    expect(props.onDiscard).toHaveBeenCalled();
  });

  it('steps between sheets within their bounds and saves on closing', async () => {
    renderWithProviders(<QuestionnaireActions {...props} />);
    expect(screen.getByRole('button', { name: 'Zurück' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(props.onNext).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern und schließen' }));
    expect(props.onSaveClose).toHaveBeenCalled();
  });

  it('only closes for someone who may read the sheet, even with changes shown', () => {
    renderWithProviders(<QuestionnaireActions {...props} canEdit={false} dirty />);
    expect(screen.queryByRole('button', { name: 'Speichern und schließen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Änderungen verwerfen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Schließen' }).getAttribute('href')).toBe(props.backTo);
  });
});
