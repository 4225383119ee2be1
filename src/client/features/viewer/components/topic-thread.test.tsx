import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { memberFixture } from '../test/topic-fixture';
import { answers, topicRequests } from '../test/topic-requests';
import { Provenance, TopicComments, TopicReply } from './topic-thread';

afterEach(() => vi.unstubAllGlobals());

const comment = {
  commentID: 1,
  guid: 'c1',
  authorName: 'Bernd Kurz',
  text: 'Zeile eins\nZeile zwei',
  createdOn: '2026-11-21T10:00:00Z',
  importedFrom: { author: 'eva@example.com', createdOn: null },
};

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('topic thread', { timeout: 20_000 }, () => {
  it('says where an imported record came from, and nothing for one made here', () => {
    const { rerender } = renderWithProviders(<Provenance from={{ author: null, createdOn: null }} />);
    expect(screen.getByTestId('topic-provenance').textContent).toBe('Aus BCF importiert');
    rerender(<Provenance from={{ author: 'eva@example.com', createdOn: null }} />);
    expect(screen.getByTestId('topic-provenance').textContent).toBe(
      'Aus BCF importiert; ursprünglich von eva@example.com',
    );
    rerender(<Provenance from={null} />);
    expect(screen.queryByTestId('topic-provenance')).toBeNull();
  });

  it('lists the comments with author, time and where they came from', () => {
    renderWithProviders(<TopicComments comments={[comment]} />);
    expect(screen.getByText(/^Bernd Kurz · /).textContent).toMatch(/21\.11\.2026/);
    expect(screen.getByText(/Zeile eins/).textContent).toBe('Zeile eins\nZeile zwei');
    expect(screen.getByTestId('topic-provenance').textContent).toContain('eva@example.com');
  });

  it('sends a typed answer with the members it mentions and empties the field', async () => {
    const { queryClient, sent } = topicRequests(answers.topic);
    const members = [memberFixture()];
    renderWithProviders(<TopicReply rootId={1} unitId={2} topicId={11} members={members} />, { queryClient });
    const send = screen.getByRole('button', { name: 'Senden' });
    expect(send).toHaveProperty('disabled', true);
    const field = screen.getByLabelText<HTMLTextAreaElement>('Antworten');
    fireEvent.change(field, { target: { value: '@Anna Berg passt das?' } });
    expect(send).toHaveProperty('disabled', false);
    fireEvent.click(send);
    await waitFor(() => expect(field.value).toBe(''));
    expect(sent()).toEqual([
      {
        method: 'POST',
        url: '/api/viewer/1/2/topics/11/comments',
        body: { text: '@Anna Berg passt das?', mentionUserIDs: [7] },
      },
    ]);
  });
});
