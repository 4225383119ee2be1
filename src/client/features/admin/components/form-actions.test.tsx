import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FormActions } from './form-actions';

type State = { resetDisabled?: boolean; saving?: boolean; saveDisabled?: boolean };

/** The row at the end of a form; what the user did is counted. */
function renderRow({ resetDisabled = false, saving = false, saveDisabled = false }: State = {}) {
  const done = { resets: 0, submits: 0 };
  renderWithProviders(
    <form
      onSubmit={(e) => {
        e.preventDefault();
        done.submits += 1;
      }}
    >
      <FormActions
        resetLabel="Standardwerte wiederherstellen"
        onReset={() => (done.resets += 1)}
        resetDisabled={resetDisabled}
        saving={saving}
        saveDisabled={saveDisabled}
      />
    </form>,
  );
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
  return { done, reset: button('Standardwerte wiederherstellen'), save: button('Speichern') };
}

describe('FormActions', () => {
  it('resets without submitting the form, and saves by submitting it', async () => {
    const { done, reset, save } = renderRow();
    await userEvent.click(reset);
    expect(done).toEqual({ resets: 1, submits: 0 });
    await userEvent.click(save);
    expect(done).toEqual({ resets: 1, submits: 1 });
  });

  it('offers no reset while the defaults are in use, and no save while nothing is to save', async () => {
    const { done, reset, save } = renderRow({ resetDisabled: true, saveDisabled: true });
    expect(reset.disabled).toBe(true);
    expect(save.disabled).toBe(true);
    await userEvent.click(save);
    expect(done).toEqual({ resets: 0, submits: 0 });
  });

  it('while saving: the save button shows it is busy and reset waits', () => {
    const { reset, save } = renderRow({ saving: true });
    expect(reset.disabled).toBe(true);
    expect(save.disabled).toBe(true);
    expect(save.getAttribute('data-loading')).toBe('true');
  });
});
