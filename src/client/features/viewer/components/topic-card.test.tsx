import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewTopic } from '../../../../shared/schemas/review';
import { renderWithProviders } from '../../../test/render';
import { memberFixture, topicFixture } from '../test/topic-fixture';
import { answers, topicRequests } from '../test/topic-requests';
import { TopicCard } from './topic-card';

afterEach(() => vi.unstubAllGlobals());

const base = {
  rootId: 1,
  unitId: 2,
  canWrite: false,
  members: [memberFixture()],
  currentVersion: 2,
  active: false,
  today: '2026-11-29',
};
const onPage = topicFixture({
  version: 1,
  markup: { kind: 'area', page: 3, x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 },
  assigneeUserID: 9,
  assigneeName: 'Carla Roth',
  comments: [
    {
      commentID: 1,
      guid: 'c1',
      authorName: 'Bernd Kurz',
      text: 'Bitte Maß prüfen',
      createdOn: '2026-11-21T10:00:00Z',
      importedFrom: null,
    },
  ],
});
const view = {
  camera: { position: [0, 0, 10], direction: [0, 0, -1], up: [0, 1, 0], fieldOfView: 60 },
  selection: ['2O2Fr$t4X7Zf8NOew3FLOH', '2O2Fr$t4X7Zf8NOew3FLOI'],
} satisfies ReviewTopic['viewpoint'];

const card = () => screen.getByTestId('topic');
const button = (name: string) => screen.queryByRole('button', { name });

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('TopicCard', { timeout: 20_000 }, () => {
  it('shows a reader the topic, where it is, who deals with it and its comments, and leads to its view', () => {
    const onShow = vi.fn();
    renderWithProviders(<TopicCard {...base} topic={onPage} onShow={onShow} />);
    const text = card().textContent;
    for (const part of [
      'Öffnung fehlt',
      'offen',
      'Werkplan.pdf',
      'aus Version 1',
      'Seite 3',
      'Zuständig: Carla Roth',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain('Bitte Maß prüfen');
    expect(screen.queryByLabelText('Antworten')).toBeNull();
    expect(screen.queryByTestId('topic-assignee')).toBeNull();
    expect(button('Als erledigt markieren')).toBeNull();
    expect(screen.queryByTestId('topic-edit')).toBeNull();
    fireEvent.click(button('Ansicht zeigen')!);
    expect(onShow).toHaveBeenCalledWith(onPage);
  });

  it('counts the elements of a view, and leaves out the version hint once resolved and the view link without one', () => {
    const { rerender } = renderWithProviders(
      <TopicCard {...base} topic={topicFixture({ viewpoint: view })} onShow={vi.fn()} />,
    );
    expect(card().textContent).toContain('2 Bauteile');
    rerender(<TopicCard {...base} topic={{ ...onPage, status: 'resolved', markup: null }} onShow={vi.fn()} />);
    expect(card().textContent).toContain('erledigt');
    expect(card().textContent).not.toContain('aus Version 1');
    expect(button('Ansicht zeigen')).toBeNull();
  });

  it('lets a writer choose the assignee, resolve the topic, answer it and edit it', async () => {
    const { queryClient, sent } = topicRequests(answers.topic);
    renderWithProviders(<TopicCard {...base} canWrite topic={topicFixture({ assigneeUserID: 7 })} onShow={vi.fn()} />, {
      queryClient,
    });
    expect(screen.getByTestId('topic-assignee')).toHaveProperty('value', 'Anna Berg (Planbau GmbH)');
    expect(screen.getByLabelText('Antworten')).toBeTruthy();
    fireEvent.click(button('Als erledigt markieren')!);
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({ method: 'PATCH', url: '/api/viewer/1/2/topics/11', body: { status: 'resolved' } });
    fireEvent.click(screen.getByTestId('topic-edit'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Anmerkung bearbeiten');
  });

  it('offers to open a resolved topic again', () => {
    renderWithProviders(<TopicCard {...base} canWrite topic={topicFixture({ status: 'resolved' })} onShow={vi.fn()} />);
    expect(button('Wieder öffnen')).toBeTruthy();
    expect(button('Als erledigt markieren')).toBeNull();
  });
});
