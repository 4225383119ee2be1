import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { BrandMark } from './brand-mark';

describe('BrandMark', () => {
  it('in the top bar: a link named Planport that leads to the dashboard inside the app', async () => {
    renderWithProviders(<BrandMark as="home-link" />, { path: '/' });
    const link = screen.getByRole('link', { name: 'Planport' });
    expect(link.getAttribute('href')).toBe('/home/app/dash');
    // Client-side navigation: the router, not a page load, leaves for the dashboard.
    await userEvent.click(link);
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it("on a page without the shell: the page's only h1, and no link", () => {
    renderWithProviders(<BrandMark as="heading" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Planport');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
