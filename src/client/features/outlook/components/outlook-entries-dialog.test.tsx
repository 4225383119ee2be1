import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutlookEntry } from '../../../../shared/schemas/outlook';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import type { Column, OutlookFilter } from '../api/outlook';
import { OutlookEntriesDialog } from './outlook-entries-dialog';

const filter: OutlookFilter = { material: 'aac', plantId: 4 };
const column: Column = { week: '2026-12-07', isoWeek: '2026-W50', plantId: 4, plantName: 'Werk Nord' };
const entry = (e: Partial<OutlookEntry>): OutlookEntry => ({
  category: 'confirmed',
  day: '2026-12-08',
  volume: 12.5,
  projectId: 11,
  projectNo: 'P-100',
  projectTitle: 'Schule',
  projectState: 'Preparing',
  unitId: 21,
  unitTitle: 'Haus A',
  lotId: 31,
  lotTitle: 'Los 1',
  ...e,
});

const renderDialog = (entries: OutlookEntry[], shown: Column | null = column) =>
  renderWithProviders(<OutlookEntriesDialog filter={filter} column={shown} onClose={() => undefined} />, {
    queryClient: seededQueryClient([[queryKeys.outlook.entries(filter, column), { data: entries }]]),
  });

describe('OutlookEntriesDialog', () => {
  it("lists the week's projects and lots with links, and exports them", async () => {
    renderDialog([entry({}), entry({ category: 'expected', lotId: null, lotTitle: null, volume: 3 })]);
    const dialog = await screen.findByRole('dialog', { name: 'Projekte und Lose in KW 50 – Werk Nord' });
    const rows = within(within(dialog).getByTestId('outlook-entries')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DatumProjektFreigabelosLieferlosStatusMenge',
      '08.12.2026P-100 SchuleHaus ALos 1Bestellt und bestätigt12,5',
      '08.12.2026P-100 SchuleHaus A–Erwartet (Liefertermin, noch kein Lieferlos)3',
    ]);
    const first = within(rows[1]!);
    expect(first.getByRole('link', { name: 'P-100 Schule' }).getAttribute('href')).toBe('/home/app/project/details/11');
    expect(first.getByRole('link', { name: 'Haus A' }).getAttribute('href')).toBe('/home/app/project/details/11/21');
    expect(first.getByRole('link', { name: 'Los 1' }).getAttribute('href')).toBe(
      '/home/app/project/delivery-overview/11',
    );
    expect(within(dialog).getByRole('link', { name: 'Exportieren Excel' }).getAttribute('href')).toBe(
      '/api/data/portal/outlook/entries/export?material=aac&plantId=4&week=2026-12-07&plant=4&format=xlsx',
    );
  });

  it('says so when the week has nothing, without an export', async () => {
    renderDialog([]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Keine Mengen in dieser Woche.')).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('stays closed while no column is chosen', () => {
    renderDialog([entry({})], null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
