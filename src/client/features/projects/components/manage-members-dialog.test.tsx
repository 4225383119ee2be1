import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberCandidate } from '../../../../shared/schemas/project-onboarding';
import type { Member } from '../../../../shared/schemas/projects';
import { memberCandidatesQuery } from '../../../lib/project-creation';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { membersQuery } from '../api/get-members';
import { ManageMembersDialog } from './manage-members-dialog';

const rootId = 10;
const member = {
  userID: 3,
  userLogin: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Adler',
  memberRoleKeys: ['reviewer'],
  isInternal: false,
  isActive: true,
} as unknown as Member;
const candidate: MemberCandidate = {
  userID: 7,
  userLogin: 'bernd@example.test',
  firstName: 'Bernd',
  lastName: 'Berg',
  companyName: null,
  isInternal: false,
  roleKeys: ['drafter'],
};
const alreadyMember = {
  status: 409,
  code: 'Conflict',
  messages: [{ messageType: 'Error', message: 'MEMBER.Manage.AlreadyMember' }],
};

/** The server: searches for candidates find Bernd; an addition answers `post`. Returns the calls that change something. */
function serve(post: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, init: RequestInit) =>
    init.method === 'POST' ? post() : Promise.resolve(new Response(JSON.stringify({ data: [candidate] }))),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.filter(([, init]) => init.method !== 'GET');
}

function renderDialog() {
  const queryClient = seededQueryClient([
    [membersQuery(rootId).queryKey, [member]],
    [memberCandidatesQuery(`projects/${rootId}/member-candidates`, '').queryKey, [candidate]],
  ]);
  renderWithProviders(<ManageMembersDialog rootUnitId={rootId} onClose={vi.fn()} />, { queryClient });
  return screen.getByRole('dialog', { name: 'Mitglieder verwalten' });
}

afterEach(() => vi.unstubAllGlobals());

describe('ManageMembersDialog', { timeout: 20_000 }, () => {
  it('adds a chosen user with their usual roles; Add waits for a valid form and for the server, whose refusal shows in the form', async () => {
    let answer!: (response: Response) => void;
    const changes = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const dialog = renderDialog();
    const form = within(dialog).getByTestId('add-member-form');
    const add = within(form).getByRole('button', { name: 'Hinzufügen' });
    expect(add.hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(form).getByTestId('member-user-select'));
    await userEvent.click(await screen.findByRole('option', { name: /Bernd Berg/, hidden: true }));
    expect(within(form).getByText('Zeichner', { selector: '.mantine-Pill-label' })).toBeTruthy();
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));

    await userEvent.click(add);
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(add.hasAttribute('disabled')).toBe(true);
    const [url, init] = changes()[0] ?? [];
    expect([url, init?.method]).toEqual([`/api/data/portal/projects/${rootId}/members`, 'POST']);
    expect(JSON.parse(String(init?.body))).toEqual({ userID: 7, memberRoleKeys: ['drafter'] });

    answer(new Response(JSON.stringify(alreadyMember), { status: 409 }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Dieser Benutzer ist bereits Mitglied des Projekts.');
  });

  it('a member’s Save appears with a change and cannot be pressed without a role; the field says why', async () => {
    const changes = serve(() => Promise.reject(new Error('no addition expected')));
    const dialog = renderDialog();
    const roles = within(dialog).getByLabelText('Rollen von Anna Adler');
    expect(within(dialog).queryByRole('button', { name: 'Speichern' })).toBeNull();

    await userEvent.click(roles);
    await userEvent.keyboard('{Backspace}');
    expect(await within(dialog).findByText('Bitte mindestens eine Rolle wählen.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Speichern' }).hasAttribute('disabled')).toBe(true);
    expect(changes()).toHaveLength(0);
  });
});
