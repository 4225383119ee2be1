import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectUnit, ProjectUnitDetail, UnitList } from '../../../../shared/schemas/projects';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { childUnitsQuery } from '../api/get-child-units';
import { ChildUnitsGrid } from './child-units-grid';

const parent = {
  projectUnitID: 10,
  rootProjectUnitID: 10,
  projectUnitType: 'project',
  projectUnitTypeVariant: null,
  abilities: { canCreateChildren: true },
} as unknown as ProjectUnitDetail;

const child = (no: number): ProjectUnit =>
  ({
    projectUnitID: 100 + no,
    rootProjectUnitID: 10,
    projectUnitType: 'subproject',
    projectUnitNo: String(no),
    title: `Haus ${no}`,
    notes: null,
    stateKey: 'Structuring',
    deliveryDate: null,
  }) as unknown as ProjectUnit;

/** Page `page` of 30 children (25 a page), only its first child listed. */
const pageOf = (page: number): UnitList => ({ data: page <= 2 ? [child((page - 1) * 25 + 1)] : [], count: 30 });
const seeded = (...pages: number[]) =>
  seededQueryClient(pages.map((page) => [childUnitsQuery(10, page).queryKey, pageOf(page)]));

afterEach(() => vi.unstubAllGlobals());

describe('ChildUnitsGrid paging', () => {
  it('has the footer of every list: the total and the pager; another page is asked for by its offset', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(pageOf(2))));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ChildUnitsGrid unit={parent} features={{}} />, { queryClient: seeded(1) });
    expect(screen.getByText('30 Einträge')).toBeTruthy();
    expect(screen.getByTestId('child-unit-card').textContent).toContain('Haus 1');
    expect(screen.getByRole('button', { name: 'Letzte Seite' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(within(await screen.findByTestId('child-unit-card')).getByText('Haus 26')).toBeTruthy();
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toContain('$top=25&$skip=25');
  });

  it('replaces a page beyond the last one (an old link) by the last page', async () => {
    renderWithProviders(<ChildUnitsGrid unit={parent} features={{}} />, {
      route: '/?units-page=3',
      queryClient: seeded(2, 3),
    });
    await waitFor(() => expect(screen.getByTestId('child-unit-card').textContent).toContain('Haus 26'));
    expect(screen.getByRole('button', { name: '2' }).getAttribute('data-active')).toBe('true');
  });
});
