import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { adminRequests } from '../test/admin-requests';
import { tokenFixture } from '../test/machine-access-fixtures';
import { ApiTokensTable } from './api-tokens-table';

afterEach(() => vi.unstubAllGlobals());

const tokens = [
  tokenFixture({ scopes: ['projects:read', 'orders:write'], lastUsedAt: '2026-11-25T12:00:00Z' }),
  tokenFixture({ tokenID: 4, name: 'Alt', state: 'revoked', createdBy: null, expiresAt: '2026-12-01T00:00:00Z' }),
];

const cells = () => screen.getAllByRole('row').map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));

describe('ApiTokensTable', () => {
  it('shows each token with its hint, scopes, state and dates', () => {
    adminRequests();
    renderWithProviders(<ApiTokensTable tokens={tokens} />);
    const [erp, alt] = cells().slice(1);
    expect(erp?.slice(0, 3)).toEqual(['ERPpp_ab12…', 'Projekte lesenLieferungen bestätigen', 'aktiv']);
    expect(erp?.[3]).toMatch(/^01\.11\.2026.*Ada Admin$/);
    expect(erp?.[4]).toBe('nie');
    expect(erp?.[5]).toMatch(/^25\.11\.2026/);
    expect(alt?.[2]).toBe('widerrufen');
    expect(alt?.[4]).toMatch(/^01\.12\.2026/);
    expect(alt?.[5]).toBe('nie');
  });

  it('revokes an active token after a confirm, and only an active one', async () => {
    const { sent } = adminRequests(() => tokens[0]);
    renderWithProviders(<ApiTokensTable tokens={tokens} />);
    expect(screen.getAllByRole('button', { name: /^Widerrufen/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Widerrufen: ERP',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Widerrufen: ERP' }));
    expect((await screen.findByRole('dialog', { name: 'Token widerrufen?' })).textContent).toContain('„ERP“');
    await userEvent.click(screen.getByRole('button', { name: 'Widerrufen' }));
    expect(await screen.findByText('Token widerrufen')).toBeTruthy();
    await waitFor(() => expect(sent()).toEqual([{ method: 'POST', url: '/api/data/portal/api-tokens/3/revoke' }]));
  });
});
