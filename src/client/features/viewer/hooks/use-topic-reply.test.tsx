import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders } from '../../../test/render';
import { memberFixture } from '../test/topic-fixture';
import { answers, heldAnswer, topicRequests } from '../test/topic-requests';
import { useTopicReply } from './use-topic-reply';

afterEach(() => vi.unstubAllGlobals());

const members = [memberFixture(), memberFixture({ userID: 8, firstName: 'Bernd', lastName: 'Kurz' })];

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('useTopicReply', { timeout: 20_000 }, () => {
  it('sends nothing but text, with the members it mentions, and empties the field once sent', async () => {
    const { queryClient, sent } = topicRequests(answers.topic);
    const { result } = renderHookWithProviders(() => useTopicReply(1, 2, 11, members), { queryClient });
    expect(result.current.canSend).toBe(false);
    act(() => result.current.setText('   '));
    expect(result.current.canSend).toBe(false);
    act(() => result.current.setText(' Bitte prüfen, @Bernd Kurz \n'));
    expect(result.current.canSend).toBe(true);
    act(() => result.current.send());
    await waitFor(() => expect(result.current.text).toBe(''));
    expect(sent()).toEqual([
      {
        method: 'POST',
        url: '/api/viewer/1/2/topics/11/comments',
        body: { text: 'Bitte prüfen, @Bernd Kurz', mentionUserIDs: [8] },
      },
    ]);
  });

  it('keeps the text when the answer is refused, and tells why', async () => {
    const held = heldAnswer(answers.refused);
    const { queryClient } = topicRequests(held.answer);
    const { result } = renderHookWithProviders(() => useTopicReply(1, 2, 11, members), { queryClient });
    act(() => result.current.setText('Erledigt?'));
    act(() => result.current.send());
    await waitFor(() => expect(result.current.sending).toBe(true));
    held.release();
    expect((await screen.findByRole('alert')).textContent).toContain('Dafür fehlt Ihnen die Berechtigung');
    await waitFor(() => expect(result.current.sending).toBe(false));
    expect(result.current.text).toBe('Erledigt?');
  });
});
