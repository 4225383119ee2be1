import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME_COLOR } from '../../../../shared/rules/brand-color';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { queryKeys } from '../../../lib/query-keys';
import { BrandingPage } from './branding-page';

const renderPage = (brandColor: string | null) =>
  renderWithProviders(<BrandingPage />, {
    queryClient: seededQueryClient([[queryKeys.admin.branding(), { brandColor, defaultColor: DEFAULT_THEME_COLOR }]]),
  });

afterEach(() => vi.unstubAllGlobals());

describe('BrandingPage', () => {
  it("shows the tenant's colour with its contrast with white text and a preview", async () => {
    renderPage('#0b5563');
    expect(await screen.findByDisplayValue('#0b5563')).toBeTruthy();
    expect(screen.getByTestId('branding-contrast').textContent).toBe('Kontrast zu weißer Schrift: 8,4 : 1');
    expect(screen.getByRole('img', { name: 'Vorschau der Titelleiste' })).toBeTruthy();
    expect(screen.queryByTestId('branding-default')).toBeNull();
  });

  it('refuses a colour white text cannot be read on before any call, and saves a readable one', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ brandColor: '#a61e4d', defaultColor: DEFAULT_THEME_COLOR })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(null);
    const input = await screen.findByDisplayValue(DEFAULT_THEME_COLOR);
    expect(screen.getByTestId('branding-default')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;

    fireEvent.change(input, { target: { value: '#ffd43b' } });
    expect(await screen.findByText(/Weiße Schrift ist auf dieser Farbe schlecht lesbar/)).toBeTruthy();
    expect(save.disabled).toBe(true);

    fireEvent.change(input, { target: { value: '#A61E4D' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/data/portal/branding');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ brandColor: '#a61e4d' });
  });
});
