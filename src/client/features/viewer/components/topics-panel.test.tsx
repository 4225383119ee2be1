import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { memberFixture, topicFixture } from '../test/topic-fixture';
import { TopicsPanel } from './topics-panel';

const base = {
  rootId: 1,
  unitId: 2,
  canWrite: false,
  members: [memberFixture()],
  currentVersion: 2,
  onShow: vi.fn(),
};
const topics = [
  topicFixture({ topicID: 1, title: 'Erledigtes', status: 'resolved' }),
  topicFixture({ topicID: 2, title: 'Später fällig', dueDate: '2026-12-20' }),
  topicFixture({ topicID: 3, title: 'Bald fällig', dueDate: '2026-12-05' }),
];
const titles = () => screen.getAllByTestId('topic').map((card) => card.querySelector('p')?.textContent);
const shown = () => screen.getByTestId('topics-shown').textContent;

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('TopicsPanel', { timeout: 20_000 }, () => {
  it('says when the unit has no topics', () => {
    renderWithProviders(<TopicsPanel {...base} topics={[]} activeTopicId={null} />);
    expect(screen.getByText('Noch keine Anmerkungen.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Anmerkungen filtern' })).toBeNull();
  });

  it('lists open topics by due day first, and counts what the filter lets through', async () => {
    renderWithProviders(<TopicsPanel {...base} topics={topics} activeTopicId={3} />);
    expect(titles()).toEqual(['Bald fällig', 'Später fällig', 'Erledigtes']);
    expect(shown()).toBe('3 von 3 Anmerkungen angezeigt');
    await userEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    await userEvent.click(screen.getByRole('option', { name: 'erledigt', hidden: true }));
    expect(titles()).toEqual(['Erledigtes']);
    expect(shown()).toBe('1 von 3 Anmerkungen angezeigt');
    await userEvent.click(screen.getByLabelText('Priorität', { selector: 'input' }));
    await userEvent.click(screen.getByRole('option', { name: 'Hoch', hidden: true }));
    expect(screen.queryAllByTestId('topic')).toEqual([]);
    expect(shown()).toBe('Keine Anmerkung passt zum Filter.');
  });
});
