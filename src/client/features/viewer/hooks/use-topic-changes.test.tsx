import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders } from '../../../test/render';
import { topicFixture } from '../test/topic-fixture';
import { answers, heldAnswer, topicRequests } from '../test/topic-requests';
import { useTopicChanges } from './use-topic-changes';

afterEach(() => vi.unstubAllGlobals());

const path = '/api/viewer/1/2/topics/11';

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('useTopicChanges', { timeout: 20_000 }, () => {
  it('assigns a member by id, and nobody when the choice is cleared', async () => {
    const { queryClient, sent } = topicRequests(answers.topic);
    const { result } = renderHookWithProviders(() => useTopicChanges(1, 2, topicFixture()), { queryClient });
    act(() => result.current.assign('7'));
    await waitFor(() => expect(result.current.pending).toBe(false));
    act(() => result.current.assign(null));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()).toEqual([
      { method: 'PATCH', url: path, body: { assigneeUserID: 7 } },
      { method: 'PATCH', url: path, body: { assigneeUserID: null } },
    ]);
  });

  it('resolves an open topic and opens a resolved one again', async () => {
    const { queryClient, sent } = topicRequests(answers.topic);
    const open = renderHookWithProviders(() => useTopicChanges(1, 2, topicFixture()), { queryClient });
    const resolved = renderHookWithProviders(() => useTopicChanges(1, 2, topicFixture({ status: 'resolved' })), {
      queryClient,
    });
    act(() => open.result.current.toggleStatus());
    act(() => resolved.result.current.toggleStatus());
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent().map((s) => s.body)).toEqual([{ status: 'resolved' }, { status: 'open' }]);
  });

  it('is pending while the change is under way, and tells a refusal', async () => {
    const held = heldAnswer(answers.refused);
    const { queryClient } = topicRequests(held.answer);
    const { result } = renderHookWithProviders(() => useTopicChanges(1, 2, topicFixture()), { queryClient });
    act(() => result.current.toggleStatus());
    await waitFor(() => expect(result.current.pending).toBe(true));
    held.release();
    expect((await screen.findByRole('alert')).textContent).toContain('Dafür fehlt Ihnen die Berechtigung');
    await waitFor(() => expect(result.current.pending).toBe(false));
  });
});
