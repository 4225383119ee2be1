import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AacSummary, LintelSummary } from '../../../../shared/rules/order-summary';
import { renderWithProviders } from '../../../test/render';
import { aacOrderVariant } from '../variants/aac';
import { lintelOrderVariant } from '../variants/lintel';
import { SummaryTable } from './summary-table';

const aac: AacSummary = {
  lines: [
    {
      productNo: 7,
      title: 'PP2 Planstein',
      articleNo: '100-200',
      length: 2.5,
      totalArea: 12.25,
      totalQty: 4,
      totalPallets: 1.5,
    },
  ],
  totalArea: 12.25,
  totalQty: 4,
  totalPallets: 1.5,
  smallVolume: false,
};

const lintel: LintelSummary = {
  lines: [
    { productNo: 3, title: 'Sturz 11,5', itemNo: 'S-115', height: 124, totalArea: 0.5, totalQty: 2, totalPallets: 0.1 },
    {
      productNo: 4,
      title: 'Sturz 17,5',
      itemNo: 'S-175',
      height: 249,
      totalArea: 1000.5,
      totalQty: 10,
      totalPallets: 0.3,
    },
  ],
  totalArea: 1001,
  totalQty: 12,
  totalPallets: 0.4,
  smallVolume: true,
};

const texts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('SummaryTable', () => {
  it("shows the AAC columns, each line in the user's number format and the totals under their columns", () => {
    renderWithProviders(<SummaryTable name="aac" spec={aacOrderVariant.summary} summary={aac} />);
    const [head, line, total] = within(screen.getByTestId('aac-summary')).getAllByRole('row') as HTMLElement[];
    expect(texts(head!)).toEqual(['Artikel', 'Artikelnummer', 'Länge (m)', 'Fläche (m²)', 'Anzahl', 'Paletten']);
    expect(texts(line!)).toEqual(['PP2 Planstein', '100-200', '2,5', '12,25', '4', '1,5']);
    expect(total).toBe(screen.getByTestId('aac-summary-total'));
    expect(texts(total!)).toEqual(['Summe', '12,25', '4', '1,5']);
    expect(within(total!).getByText('Summe').getAttribute('colspan')).toBe('3');
    expect(screen.queryByTestId('small-volume')).toBeNull();
  });

  it('shows the lintel columns, one line per article, and the small-volume hint', () => {
    renderWithProviders(<SummaryTable name="lintel" spec={lintelOrderVariant.summary} summary={lintel} />);
    const rows = within(screen.getByTestId('lintel-summary')).getAllByRole('row');
    expect(rows.map((r) => texts(r))).toEqual([
      ['Artikel', 'Nummer', 'Höhe (mm)', 'Fläche (m²)', 'Anzahl'],
      ['Sturz 11,5', 'S-115', '124', '0,5', '2'],
      ['Sturz 17,5', 'S-175', '249', '1.000,5', '10'],
      ['Summe', '1.001', '12'],
    ]);
    expect(screen.getByTestId('small-volume')).toBeTruthy();
  });
});
