import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { useOutlookFilter } from '../hooks/use-outlook-filter';
import { OutlookFilterBar } from './outlook-filter-bar';

const options = {
  plants: [
    { value: '4', label: 'Werk Nord' },
    { value: '5', label: 'Werk Süd' },
  ],
  productTypes: [{ value: '9', label: 'Planblock' }],
  salesOrgs: [{ value: '3', label: 'Vertrieb Nord' }],
};

/** The bar as the page uses it, showing the filters the volumes and the figures would ask for. */
function Harness() {
  const filters = useOutlookFilter();
  return (
    <>
      <OutlookFilterBar {...filters} />
      <output data-testid="filter">{JSON.stringify(filters.filter)}</output>
      <output data-testid="figures">{JSON.stringify(filters.figuresFilter)}</output>
    </>
  );
}

const renderBar = () =>
  renderWithProviders(<Harness />, { queryClient: seededQueryClient([[queryKeys.outlook.options(), options]]) });
const shown = (id: string) => JSON.parse(screen.getByTestId(id).textContent ?? '') as unknown;
/** Opens a select and gives its list of options (each select keeps its own in the page). */
const open = async (label: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  await userEvent.click(input);
  return within(document.getElementById(input.getAttribute('aria-controls') ?? '') ?? document.body);
};
const choose = async (label: string, option: string) =>
  userEvent.click((await open(label)).getByRole('option', { name: option, hidden: true }));
const csvHref = () => screen.getAllByRole('link', { name: 'Exportieren CSV' })[0]?.getAttribute('href');

describe('OutlookFilterBar with useOutlookFilter', () => {
  it('starts with porous concrete and everything, and exports that', () => {
    renderBar();
    expect(shown('filter')).toEqual({ material: 'aac' });
    expect(screen.getByLabelText<HTMLInputElement>('Werk', { selector: 'input' }).value).toBe('Alle');
    expect(csvHref()).toBe('/api/data/portal/outlook/volumes/export?material=aac&format=csv');
  });

  it('narrows by id or state key, and All clears the narrowing again', async () => {
    renderBar();
    await choose('Werk', 'Werk Süd');
    await choose('Projektstatus', 'Vertrag ausstehend');
    expect(shown('filter')).toEqual({ material: 'aac', plantId: 5, stateKey: 'PendingContract' });
    expect(csvHref()).toBe(
      '/api/data/portal/outlook/volumes/export?material=aac&plantId=5&stateKey=PendingContract&format=csv',
    );
    await choose('Werk', 'Alle');
    expect(shown('filter')).toEqual({ material: 'aac', stateKey: 'PendingContract' });
  }, 15_000);

  it('offers only the root states of a project', async () => {
    renderBar();
    const list = await open('Projektstatus');
    expect(list.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
      'Alle',
      'Strukturierung',
      'Vorbereitung',
      'Prüfung durch Innendienst',
      'Vertrag ausstehend',
      'Dateien bereitstellen',
      'Abgeschlossen',
    ]);
  });

  it('switches the material for the volumes, while the figures count both', async () => {
    renderBar();
    await choose('Vertriebsorganisation', 'Vertrieb Nord');
    await userEvent.click(screen.getByLabelText('Stürze (Stück)'));
    expect(shown('filter')).toEqual({ material: 'lintel', salesOrgId: 3 });
    expect(shown('figures')).toEqual({ salesOrgId: 3 });
  });
});
