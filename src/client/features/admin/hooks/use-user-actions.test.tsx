import { ModalsProvider } from '@mantine/modals';
import { notifications, Notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { markOverlaysReady } from '../../../lib/overlays-ready';
import { renderHookWithProviders, renderWithProviders, seededQueryClient } from '../../../test/render';
import { adminUserFixture } from '../test/admin-user-fixture';
import { userName, useUserActions } from './use-user-actions';

const anna = adminUserFixture();

/** The requests the hook sent, as the query client's mutation cache records them. */
const sent = (queryClient: ReturnType<typeof seededQueryClient>) =>
  queryClient
    .getMutationCache()
    .getAll()
    .map((m) => m.state.variables);

function setup() {
  // The notifications store outlives a test: start from none.
  notifications.clean();
  const queryClient = seededQueryClient();
  // The dialog and notification hosts the app mounts after its first screen.
  renderWithProviders(
    <>
      <ModalsProvider />
      <Notifications />
    </>,
  );
  markOverlaysReady();
  const { result } = renderHookWithProviders(() => useUserActions(), { queryClient });
  return { queryClient, actions: result.current };
}

describe('useUserActions', () => {
  it('names a user by first and last name, else by login', () => {
    expect(userName(anna)).toBe('Anna Berg');
    expect(userName({ ...anna, firstName: null, lastName: null })).toBe('anna@example.com');
  });

  it('asks before deactivating: no sends nothing, yes sends the deactivation of that user', async () => {
    const { queryClient, actions } = setup();
    let done = actions.changeState(anna, 'deactivate');
    const first = await screen.findByRole('dialog');
    expect(first.textContent).toContain('Anna Berg');
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await act(() => done);
    expect(sent(queryClient)).toEqual([]);

    done = actions.changeState(anna, 'deactivate');
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Deaktivieren' }));
    await act(() => done);
    expect(sent(queryClient)).toEqual([{ id: 7, action: 'deactivate' }]);
  });

  it('reactivates and sends the invitation again without asking', async () => {
    const { queryClient, actions } = setup();
    await act(() => actions.changeState(anna, 'reactivate'));
    await act(() => actions.changeState(anna, 'invitation'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent(queryClient)).toEqual([
      { id: 7, action: 'reactivate' },
      { id: 7, action: 'invitation' },
    ]);
  });

  it('asks before ending all sessions of a user and reports a failed request', async () => {
    const { queryClient, actions } = setup();
    const done = actions.endAllSessions(anna);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Alle Sitzungen beenden' }));
    await act(() => done);
    expect(sent(queryClient)).toEqual([7]);
    // No server answers here: the failure is shown, not swallowed.
    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
    expect((await screen.findByRole('alert')).textContent).toContain('Fehler');
  });
});
