import { notifications, Notifications } from '@mantine/notifications';
import { vi } from 'vitest';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { topicFixture } from './topic-fixture';

/** What the server answers a topic change with: the topic, or a refusal in the spec's error shape. */
export const answers = {
  topic: () => new Response(JSON.stringify(topicFixture())),
  refused: () =>
    new Response(
      JSON.stringify({
        status: 403,
        code: 'Forbidden',
        messages: [{ messageType: 'Error', message: 'ERRORMESSAGES.NotAllowed' }],
      }),
      { status: 403 },
    ),
};

/**
 * A query client, the notification host the app mounts, and a server answering every call with
 * `answer`; `sent` lists the calls made. Callers unstub the globals after each test.
 */
export function topicRequests(answer: () => Response | Promise<Response>) {
  // The notifications store outlives a test: start from none.
  notifications.clean();
  renderWithProviders(<Notifications />);
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  const queryClient = seededQueryClient();
  /** The calls sent: method, path and body. */
  const sent = () =>
    fetch.mock.calls.map(([url, init]) => ({
      method: init?.method,
      url,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));
  return { queryClient, sent };
}

/** `answer`, held back until released: what shows while a call is under way. */
export function heldAnswer(answer: () => Response) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    answer: async () => {
      await released;
      return answer();
    },
    release: () => release(),
  };
}
