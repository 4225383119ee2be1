import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery } from '../../../../shared/schemas/machine-access';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { adminRequests } from '../test/admin-requests';
import { deliveryFixture } from '../test/machine-access-fixtures';
import { WebhookDeliveries } from './webhook-deliveries';

afterEach(() => vi.unstubAllGlobals());

function setup(deliveries: WebhookDelivery[]) {
  const { sent } = adminRequests(() => deliveries);
  renderWithProviders(<WebhookDeliveries endpointId={5} />, {
    queryClient: seededQueryClient([[queryKeys.admin.webhookDeliveries(5), deliveries]]),
  });
  return { sent };
}

describe('WebhookDeliveries', () => {
  it('lists each delivery with its status, answer, duration and next attempt', () => {
    setup([
      deliveryFixture(),
      deliveryFixture({
        deliveryID: 71,
        eventType: 'delivery.confirmed',
        status: 'pending',
        attempts: 3,
        responseStatus: null,
        lastError: 'timeout',
        durationMs: null,
        nextAttemptAt: '2026-11-20T10:00:00Z',
      }),
    ]);
    const rows = screen.getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')]);
    expect(rows[0]?.map((c) => c.textContent)).toEqual([
      'Zeit',
      'Ereignis',
      'Status',
      'Versuche',
      'Antwort',
      'Dauer',
      'Nächster Versuch',
      'Erneut senden',
    ]);
    expect(rows[1]?.slice(1, 7).map((c) => c.textContent)).toEqual([
      'order.placed',
      'zugestellt',
      '1',
      '200',
      '1.250 ms',
      '—',
    ]);
    expect(rows[2]?.slice(1, 6).map((c) => c.textContent)).toEqual([
      'delivery.confirmed',
      'wartet',
      '3',
      'timeout',
      '—',
    ]);
    expect(rows[2]?.[6]?.textContent).toMatch(/20\.11\.2026/);
  });

  it('sends a finished delivery again, and only a finished one', async () => {
    const { sent } = setup([
      deliveryFixture({ deliveryID: 70, status: 'failed' }),
      deliveryFixture({ deliveryID: 71, status: 'sending' }),
    ]);
    const resend = screen.getAllByRole('button', { name: /^Erneut senden: / });
    expect(resend).toHaveLength(1);
    expect(resend[0]?.getAttribute('aria-label')).toMatch(/^Erneut senden: order\.placed 20\.11\.2026/);
    await userEvent.click(resend[0]!);
    expect(await screen.findByText('Zustellung erneut eingereiht')).toBeTruthy();
    expect(sent()[0]).toEqual({ method: 'POST', url: '/api/data/portal/webhook-deliveries/70/resend' });
  });

  it('asks the server again on refresh, and says when there is nothing yet', async () => {
    const { sent } = setup([]);
    expect(screen.getByText('Noch keine Zustellungen.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    await waitFor(() =>
      expect(sent()).toEqual([{ method: 'GET', url: '/api/data/portal/webhook-endpoints/5/deliveries?limit=20' }]),
    );
  });
});
