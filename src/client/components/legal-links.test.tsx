import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LegalLinks } from './legal-links';

describe('LegalLinks', () => {
  it('links the imprint and the privacy page, in this order, with their texts', async () => {
    renderWithProviders(
      <nav>
        <LegalLinks />
      </nav>,
      { path: '/' },
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Impressum', '/imprint'],
      ['Datenschutz', '/privacy'],
    ]);
    // Client-side navigation: the router, not a page load, leaves for the imprint.
    await userEvent.click(screen.getByRole('link', { name: 'Impressum' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
