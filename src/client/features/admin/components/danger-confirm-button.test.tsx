import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { markOverlaysReady } from '../../../lib/overlays-ready';
import { renderWithProviders } from '../../../test/render';
import { DangerConfirmButton } from './danger-confirm-button';

function setup() {
  const onConfirm = vi.fn();
  renderWithProviders(
    <>
      <ModalsProvider />
      <DangerConfirmButton
        label="Widerrufen"
        aria-label="Widerrufen: ERP"
        title="Token widerrufen?"
        message="ERP kann die API nicht mehr aufrufen."
        onConfirm={onConfirm}
      />
    </>,
  );
  markOverlaysReady();
  return { onConfirm };
}

describe('DangerConfirmButton', () => {
  it('asks first: cancel does nothing, confirming runs the action once', async () => {
    const { onConfirm } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Widerrufen: ERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Token widerrufen?' });
    expect(dialog.textContent).toContain('ERP kann die API nicht mehr aufrufen.');
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Widerrufen: ERP' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});
