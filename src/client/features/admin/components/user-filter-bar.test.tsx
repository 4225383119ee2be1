import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { usersFilter } from '../api/get-users';
import { useUserFilters } from '../hooks/use-user-filters';
import { UserFilterBar } from './user-filter-bar';

/** The bar as the page uses it, showing the page and the OData filter the list would ask for. */
function Harness() {
  const [page, setPage] = useState(4);
  const filters = useUserFilters(setPage);
  return (
    <>
      <UserFilterBar {...filters} />
      <output data-testid="page">{page}</output>
      <output data-testid="filter">{usersFilter(filters.query)}</output>
    </>
  );
}

const filterText = () => screen.getByTestId('filter').textContent;
const pageText = () => screen.getByTestId('page').textContent;

describe('UserFilterBar with useUserFilters', () => {
  it('asks for the typed search once typing pauses, from the first page', async () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByLabelText('Suche'), { target: { value: 'anna' } });
    expect(pageText()).toBe('1');
    expect(screen.getByLabelText<HTMLInputElement>('Suche').value).toBe('anna');
    expect(filterText()).toBe('');
    // 300 ms after the last key; a busy machine may take longer to render.
    await waitFor(() => expect(filterText()).toBe("(contains(name,'anna') or contains(login,'anna'))"), {
      timeout: 5000,
    });
  }, 15_000);

  it('narrows the list by status and sign-in, from the first page', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    await userEvent.click(screen.getByRole('option', { name: 'Eingeladen', hidden: true }));
    expect(pageText()).toBe('1');
    expect(filterText()).toBe("status eq 'invited'");
    await userEvent.click(screen.getByLabelText('Anmeldung', { selector: 'input' }));
    await userEvent.click(screen.getByRole('option', { name: 'Firmenkonto', hidden: true }));
    expect(filterText()).toBe("status eq 'invited' and isExternalLogin eq true");
  }, 15_000);
});
