import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { adminRequests } from '../test/admin-requests';
import { endpointFixture } from '../test/machine-access-fixtures';
import { WebhookEndpointCard } from './webhook-endpoint-card';

afterEach(() => vi.unstubAllGlobals());

function setup(endpoint = endpointFixture()) {
  const { sent } = adminRequests((method, url) =>
    url.endsWith('/secret') ? { secret: 'whsec_abc' } : url.includes('/deliveries') ? [] : {},
  );
  const onEdit = vi.fn();
  renderWithProviders(<WebhookEndpointCard endpoint={endpoint} onEdit={onEdit} />, {
    queryClient: seededQueryClient([[queryKeys.admin.webhookDeliveries(endpoint.endpointID), []]]),
  });
  return { sent, onEdit, card: within(screen.getByRole('region', { name: endpoint.url })) };
}

describe('WebhookEndpointCard', () => {
  it('names the section by its URL and shows its state, waiting deliveries and events', () => {
    const { card } = setup(
      endpointFixture({ pausedAt: '2026-11-20T09:00:00Z', waiting: 2, events: ['order.placed', 'review.decided'] }),
    );
    expect(card.getByText('pausiert')).toBeTruthy();
    expect(card.getByText('2 wartend')).toBeTruthy();
    expect(card.getByText('Ereignisse: order.placed, review.decided')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Fortsetzen' })).toBeTruthy();
  });

  it('shows the secret in place of its button when asked, and hands editing to the page', async () => {
    const { card, onEdit } = setup();
    expect(card.queryByLabelText('Signaturgeheimnis')).toBeNull();
    await userEvent.click(card.getByRole('button', { name: 'Geheimnis anzeigen' }));
    await waitFor(() => expect(card.getByLabelText<HTMLInputElement>('Signaturgeheimnis').value).toBe('whsec_abc'));
    expect(card.queryByRole('button', { name: 'Geheimnis anzeigen' })).toBeNull();
    await userEvent.click(card.getByRole('button', { name: 'Bearbeiten' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('deletes the endpoint only after a confirm naming its URL', async () => {
    const { card, sent } = setup();
    await userEvent.click(card.getByRole('button', { name: 'Entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Endpunkt entfernen?' });
    expect(dialog.textContent).toContain('An https://erp.example.com/hook wird nichts mehr gesendet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() =>
      expect(sent()).toContainEqual({ method: 'DELETE', url: '/api/data/portal/webhook-endpoints/5' }),
    );
  });
});
