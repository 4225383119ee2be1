import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { memberFixture, topicFixture } from '../test/topic-fixture';
import { TopicFilters } from './topic-filters';
import { NO_FILTER } from './topic-list';

const topics = [
  topicFixture({ topicID: 1, version: 3, assigneeUserID: 7 }),
  topicFixture({ topicID: 2, version: 1, assigneeUserID: 9, assigneeName: 'Carla Roth' }),
  topicFixture({ topicID: 3, version: null }),
];

/** The choices of the select labelled `label`, once opened. */
async function openChoices(label: string) {
  const input = within(screen.getByRole('group', { name: 'Anmerkungen filtern' })).getByLabelText(label, {
    selector: 'input',
  });
  await userEvent.click(input);
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  return within(list!)
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent);
}

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('TopicFilters', { timeout: 20_000 }, () => {
  it('offers the assignees and versions the topics have, and sends the changed filter', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <TopicFilters topics={topics} members={[memberFixture()]} value={NO_FILTER} onChange={onChange} />,
    );
    expect(await openChoices('Zuständig')).toEqual(['Alle', 'Niemand', 'Anna Berg (Planbau GmbH)', 'Carla Roth']);
    await userEvent.click(screen.getByRole('option', { name: 'Carla Roth', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTER, assignee: '9' });

    expect(await openChoices('Version')).toEqual(['Alle', 'Version 1', 'Version 3']);
    await userEvent.click(screen.getByRole('option', { name: 'Version 3', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTER, version: '3' });
  });

  it('shows the filter it is given and keeps the other choices when one changes', async () => {
    const onChange = vi.fn();
    const value = { ...NO_FILTER, status: 'resolved', sort: 'created' as const };
    renderWithProviders(<TopicFilters topics={topics} members={[]} value={value} onChange={onChange} />);
    expect(screen.getByLabelText<HTMLInputElement>('Status', { selector: 'input' }).value).toBe('erledigt');
    expect(screen.getByLabelText<HTMLInputElement>('Sortieren nach', { selector: 'input' }).value).toBe('Erstellung');
    await userEvent.click(screen.getByLabelText('Priorität', { selector: 'input' }));
    await userEvent.click(screen.getByRole('option', { name: 'Hoch', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith({ ...value, priority: 'high' });
  });
});
