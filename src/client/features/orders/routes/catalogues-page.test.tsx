import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { queryKeys } from '../../../lib/query-keys';
import { CataloguesPage } from './catalogues-page';

describe('CataloguesPage', () => {
  it("shows the AAC catalogue's import and table first and the lintel one on its tab", async () => {
    const queryClient = seededQueryClient([
      [queryKeys.orders.catalogue('aac'), { data: [] }],
      [queryKeys.orders.catalogue('lintel'), { data: [] }],
    ]);
    renderWithProviders(<CataloguesPage />, { queryClient });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Porenbeton-Elemente', 'Stürze']);
    expect(screen.getByTestId('aac-catalogue')).toBeTruthy();
    expect(screen.getByText(/articleNo; title; thicknessMm/)).toBeTruthy();
    expect(screen.queryByTestId('lintel-catalogue')).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Stürze' }));
    expect(screen.getByTestId('lintel-catalogue')).toBeTruthy();
    expect(screen.getByText(/itemNo; title; type/)).toBeTruthy();
    expect(screen.queryByTestId('aac-catalogue')).toBeNull();
  });
});
