import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders } from '../../../test/render';
import { adminRequests } from '../test/admin-requests';
import { endpointFixture } from '../test/machine-access-fixtures';
import { useWebhookEndpointActions } from './use-webhook-endpoint-actions';

afterEach(() => vi.unstubAllGlobals());

function setup(endpoint = endpointFixture()) {
  const { sent } = adminRequests((method, url) => (url.endsWith('/secret') ? { secret: 'whsec_abc' } : {}));
  const { result } = renderHookWithProviders(() => useWebhookEndpointActions(endpoint));
  return { sent, result };
}

describe('useWebhookEndpointActions', () => {
  it('sends a test event and says it is queued', async () => {
    const { sent, result } = setup();
    act(() => result.current.sendTest());
    expect(await screen.findByText('Testereignis eingereiht')).toBeTruthy();
    expect(sent()).toEqual([{ method: 'POST', url: '/api/data/portal/webhook-endpoints/5/test' }]);
  });

  it('pauses an active endpoint and resumes a paused one, keeping its settings', async () => {
    const active = setup();
    act(() => active.result.current.togglePause());
    const paused = setup(endpointFixture({ endpointID: 6, pausedAt: '2026-11-20T09:00:00Z' }));
    act(() => paused.result.current.togglePause());
    const body = { url: 'https://erp.example.com/hook', description: 'ERP', events: ['order.placed'] };
    await waitFor(() =>
      expect(paused.sent()).toEqual([
        { method: 'PUT', url: '/api/data/portal/webhook-endpoints/5', body: { ...body, paused: true } },
        { method: 'PUT', url: '/api/data/portal/webhook-endpoints/6', body: { ...body, paused: false } },
      ]),
    );
  });

  it('reads the secret only when asked for it', async () => {
    const { sent, result } = setup();
    expect(result.current.secret).toBeUndefined();
    expect(sent()).toEqual([]);
    act(() => result.current.showSecret());
    await waitFor(() => expect(result.current.secret).toBe('whsec_abc'));
  });

  it('deletes the endpoint and says so', async () => {
    const { sent, result } = setup();
    act(() => result.current.remove());
    expect(await screen.findByText('Endpunkt entfernt')).toBeTruthy();
    expect(sent()).toEqual([{ method: 'DELETE', url: '/api/data/portal/webhook-endpoints/5' }]);
  });
});
