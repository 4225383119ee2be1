import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpoint } from '../../../../shared/schemas/machine-access';
import { renderWithProviders } from '../../../test/render';
import { adminRequests } from '../test/admin-requests';
import { endpointFixture } from '../test/machine-access-fixtures';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';

afterEach(() => vi.unstubAllGlobals());

function setup(endpoint: WebhookEndpoint | null) {
  const { sent } = adminRequests(() => endpointFixture());
  const onClose = vi.fn();
  renderWithProviders(<WebhookEndpointDialog endpoint={endpoint} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog'));
  const save = () => dialog.getByRole<HTMLButtonElement>('button', { name: 'Speichern' });
  return { sent, onClose, dialog, save };
}

describe('WebhookEndpointDialog', () => {
  it('registers an endpoint once it has a URL and an event, with a secret of its own if valid', async () => {
    const { sent, onClose, dialog, save } = setup(null);
    expect(screen.getByRole('dialog', { name: 'Neuer Endpunkt' })).toBeTruthy();
    await userEvent.type(dialog.getByLabelText(/^URL/), 'https://erp.example.com/hook');
    expect(save().disabled).toBe(true);
    await userEvent.click(dialog.getByLabelText('delivery.confirmed'));
    expect(save().disabled).toBe(false);
    await userEvent.type(dialog.getByLabelText('Signaturgeheimnis'), 'whsec_short');
    expect(save().disabled).toBe(true);
    const secret = `whsec_${'A'.repeat(32)}`;
    await userEvent.clear(dialog.getByLabelText('Signaturgeheimnis'));
    await userEvent.type(dialog.getByLabelText('Signaturgeheimnis'), ` ${secret} `);
    await userEvent.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()[0]).toEqual({
      method: 'POST',
      url: '/api/data/portal/webhook-endpoints',
      body: { url: 'https://erp.example.com/hook', description: '', events: ['delivery.confirmed'], secret },
    });
  }, 15_000);

  it('changes an endpoint without its secret', async () => {
    const { sent, dialog, save } = setup(endpointFixture());
    expect(screen.getByRole('dialog', { name: 'https://erp.example.com/hook' })).toBeTruthy();
    expect(dialog.queryByLabelText('Signaturgeheimnis')).toBeNull();
    await userEvent.clear(dialog.getByLabelText('Beschreibung'));
    await userEvent.type(dialog.getByLabelText('Beschreibung'), 'Planung');
    await userEvent.click(save());
    await waitFor(() =>
      expect(sent()[0]).toEqual({
        method: 'PUT',
        url: '/api/data/portal/webhook-endpoints/5',
        body: { url: 'https://erp.example.com/hook', description: 'Planung', events: ['order.placed'] },
      }),
    );
  });
});
