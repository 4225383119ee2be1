import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { adminRequests } from '../test/admin-requests';
import { tokenFixture } from '../test/machine-access-fixtures';
import { ApiTokensPage } from './api-tokens-page';

afterEach(() => vi.unstubAllGlobals());

const created = { token: tokenFixture({ tokenID: 9, name: 'Planung' }), secret: 'pp_secret_9' };
const day = 86_400_000;

describe('ApiTokensPage', () => {
  it('creates a token and shows its secret once, to copy; the form starts empty again', async () => {
    const { sent } = adminRequests((method) => (method === 'POST' ? created : [tokenFixture(), created.token]));
    renderWithProviders(<ApiTokensPage />, {
      queryClient: seededQueryClient([[queryKeys.admin.apiTokens(), [tokenFixture()]]]),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Neues Token' }));
    const form = within(await screen.findByRole('dialog', { name: 'Neues Token' }));
    await userEvent.type(form.getByLabelText(/^Name/), 'Planung');
    await userEvent.click(form.getByLabelText('Projekte lesen (projects:read)'));
    await userEvent.click(form.getByLabelText('Läuft ab', { selector: 'input' }));
    await userEvent.click(screen.getByRole('option', { name: 'in 30 Tagen', hidden: true }));
    const before = Date.now();
    await userEvent.click(form.getByRole('button', { name: 'Speichern' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Neues Token jetzt kopieren' }));
    expect(shown.getByLabelText<HTMLInputElement>('Planung').value).toBe('pp_secret_9');
    expect(shown.getByRole('button', { name: 'Kopieren' })).toBeTruthy();
    const post = sent().find((c) => c.method === 'POST') as { url: string; body: { expiresAt: string } };
    expect(post).toMatchObject({
      url: '/api/data/portal/api-tokens',
      body: { name: 'Planung', scopes: ['projects:read'] },
    });
    const expires = Date.parse(post.body.expiresAt) - before;
    expect(expires >= 30 * day && expires < 30 * day + 60_000).toBe(true);

    await userEvent.click(shown.getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByDisplayValue('pp_secret_9')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Neues Token' }));
    const again = within(await screen.findByRole('dialog', { name: 'Neues Token' }));
    expect(again.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('');
  }, 20_000);
});
