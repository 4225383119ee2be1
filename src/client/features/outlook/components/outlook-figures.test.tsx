import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutlookFigures as Figures } from '../../../../shared/schemas/outlook';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { OutlookFigures } from './outlook-figures';

const filter = { salesOrgId: 3 };
const figures = (f: Partial<Figures> = {}): Figures => ({
  since: '2026-09-01',
  reviewRounds: { count: 14, medianDays: 4.5 },
  states: [{ stateKey: 'Preparing', transitions: 9, medianDays: 2 }],
  deliveries: { count: 8, onRequestedDate: 6, share: 0.75 },
  waiting: [
    { projectId: 11, projectNo: 'P-100', projectTitle: 'Schule', stateKey: 'ProvideFiles', stateSince: '2026-10-02' },
  ],
  ...f,
});

const renderFigures = (data: Figures) =>
  renderWithProviders(<OutlookFigures filter={filter} />, {
    queryClient: seededQueryClient([[queryKeys.outlook.figures(filter), data]]),
  });
const table = (caption: string) => screen.getByRole('table', { name: new RegExp(caption) });

describe('OutlookFigures', () => {
  it('shows review rounds, deliveries on time, state durations and the longest waiting', () => {
    renderFigures(figures());
    expect(screen.getByTestId('outlook-review-rounds').textContent).toBe('Median Tage: 4,5 (Anzahl 14)');
    expect(screen.getByTestId('outlook-on-time').textContent).toBe('75\u00a0% von 8 Lieferungen zum Wunschtermin');
    const states = within(table('Verweildauer je Workflow-Status')).getAllByRole('row');
    expect(states.map((r) => r.textContent)).toEqual(['StatusMedian TageÜbergänge', 'Vorbereitung29']);
    const waiting = within(table('Am längsten wartende Projekte je Status'));
    expect(waiting.getAllByRole('row')[1]?.textContent).toBe('Dateien bereitstellenP-100 Schule02.10.2026');
    expect(waiting.getByRole('link', { name: 'P-100 Schule' }).getAttribute('href')).toBe(
      '/home/app/project/details/11',
    );
  });

  it('exports each table with the filter', () => {
    renderFigures(figures());
    const href = (group: string, name: string) =>
      within(screen.getByRole('group', { name: group }))
        .getByRole('link', { name })
        .getAttribute('href');
    expect(href('Verweildauer je Workflow-Status', 'Exportieren CSV')).toBe(
      '/api/data/portal/outlook/figures/export?salesOrgId=3&table=states&format=csv',
    );
    expect(href('Am längsten wartende Projekte je Status', 'Exportieren Excel')).toBe(
      '/api/data/portal/outlook/figures/export?salesOrgId=3&table=waiting&format=xlsx',
    );
  });

  it('shows a dash where no delivery was due', () => {
    renderFigures(figures({ deliveries: { count: 0, onRequestedDate: 0, share: null } }));
    expect(screen.getByTestId('outlook-on-time').textContent).toBe('–');
  });
});
