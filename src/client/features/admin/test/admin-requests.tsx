import { ModalsProvider } from '@mantine/modals';
import { notifications, Notifications } from '@mantine/notifications';
import { vi } from 'vitest';
import { markOverlaysReady } from '../../../lib/overlays-ready';
import { renderWithProviders } from '../../../test/render';

/**
 * The dialog and notification hosts the app mounts, and a server answering each call with
 * `answer(method, url)` (JSON); `sent` lists the calls made. Callers unstub the globals after each test.
 */
export function adminRequests(answer: (method: string, url: string) => unknown = () => ({})) {
  // The notifications store outlives a test: start from none.
  notifications.clean();
  renderWithProviders(
    <>
      <ModalsProvider />
      <Notifications />
    </>,
  );
  markOverlaysReady();
  const fetch = vi.fn(
    async (url: string, init?: RequestInit) => new Response(JSON.stringify(answer(init?.method ?? 'GET', url))),
  );
  vi.stubGlobal('fetch', fetch);
  /** The calls sent: method, path and body. */
  const sent = () =>
    fetch.mock.calls.map(([url, init]) => ({
      method: init?.method ?? 'GET',
      url,
      ...(init?.body ? { body: JSON.parse(String(init.body)) as unknown } : {}),
    }));
  return { sent };
}
