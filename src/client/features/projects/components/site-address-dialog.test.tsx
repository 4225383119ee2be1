import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectUnit, ProjectUnitDetail, SiteAddress } from '../../../../shared/schemas/projects';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { addressQuery } from '../api/site-data';
import { ProjectActionsCard } from './project-actions-card';
import { SiteAddressDialog } from './site-address-dialog';

const unit = {
  projectUnitID: 10,
  rootProjectUnitID: 10,
  projectUnitType: 'project',
  stateKey: 'Structuring',
  siteAddressID: null,
  siteContactID: null,
  abilities: { rootStateKey: 'Structuring', canEditSite: true, canReadJournal: false, canOpenInfoSheet: false },
} as unknown as ProjectUnitDetail;

const features = { ProjectTools: ['edit-site-address', 'edit-site-contact', 'reviewer-change-request'] };

describe('site address and site contact, one flow', () => {
  it('offers one tool for address and contact; both tools of the tenant lead to it', async () => {
    const onTool = vi.fn();
    renderWithProviders(<ProjectActionsCard unit={unit} features={features} onTool={onTool} />);
    await userEvent.click(screen.getByRole('button', { name: 'Projektwerkzeuge' }));
    const items = (await screen.findAllByRole('menuitem', { hidden: true })).map((i) => i.textContent);
    expect(items).toEqual(['Baustellenadresse und Ansprechpartner bearbeiten', 'Prüferwechsel anfragen']);
    await userEvent.click(screen.getByRole('menuitem', { name: /Ansprechpartner bearbeiten/, hidden: true }));
    expect(onTool).toHaveBeenCalledTimes(1);
  });

  it('a tenant with the contact tool alone gets the same one entry', async () => {
    renderWithProviders(
      <ProjectActionsCard unit={unit} features={{ ProjectTools: ['edit-site-contact'] }} onTool={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Projektwerkzeuge' }));
    const items = (await screen.findAllByRole('menuitem', { hidden: true })).map((i) => i.textContent);
    expect(items).toEqual(['Baustellenadresse und Ansprechpartner bearbeiten']);
  });

  it('the dialog holds the address and the contact fields together', async () => {
    renderWithProviders(<SiteAddressDialog unit={unit as ProjectUnit} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Baustellenadresse und Ansprechpartner bearbeiten' });
    expect(dialog.querySelector('input')).not.toBeNull();
    expect(await screen.findByLabelText('Straße und Hausnummer')).toBeTruthy();
    expect(screen.getByLabelText('Mobil')).toBeTruthy();
    expect(screen.getByText('Ansprechpartner vor Ort')).toBeTruthy();
  });
});

const stored: SiteAddress = {
  addressID: 5,
  name: 'Baustelle Lindenhof',
  street1: 'Lindenallee 4',
  zip: '30159',
  city: 'Hannover',
  country: null,
  projectUnitID: 10,
  version: 3,
};
const refusal = { status: 400, code: 'BadRequest', messages: [{ messageType: 'Error', message: 'Abgelehnt' }] };
type Call = { url: string; method: string; body: Record<string, unknown> };

/**
 * The dialog on a unit with a stored address and no contact. The server answers a read (the refresh
 * after a save) with the stored address and each save with `answer`; `calls` are the saves.
 */
async function openDialog(answer: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'GET') return new Response(JSON.stringify(stored));
      const call = { url, method: String(init.method), body: JSON.parse(String(init.body)) as Record<string, unknown> };
      calls.push(call);
      const { status, body } = answer(call);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  const onClose = vi.fn();
  const withAddress = { ...unit, siteAddressID: 5 } as ProjectUnit;
  renderWithProviders(<SiteAddressDialog unit={withAddress} onClose={onClose} />, {
    queryClient: seededQueryClient([[addressQuery(5).queryKey, stored]]),
  });
  fireEvent.change(await screen.findByLabelText('Straße und Hausnummer'), { target: { value: 'Lindenallee 12' } });
  return { calls, onClose };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe('saving the site address and the site contact', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('changes the address at the edited version and creates the contact, one call each, then closes', async () => {
    const { calls, onClose } = await openDialog(() => ({ status: 200, body: {} }));
    fireEvent.change(screen.getByLabelText('Mobil'), { target: { value: '+49 170 1234' } });
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
      'POST /api/data/portal/contacts',
      'PUT /api/data/portal/addresses/5',
    ]);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      street1: 'Lindenallee 12',
      projectUnitID: 10,
      version: 3,
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      companyMobile: '+49 170 1234',
      projectUnitID: 10,
    });
  });

  it('a refused address does not keep the contact from being created; with a new record stored the dialog closes', async () => {
    const { calls, onClose } = await openDialog((call) =>
      call.method === 'PUT' ? { status: 400, body: refusal } : { status: 200, body: {} },
    );
    fireEvent.change(screen.getByLabelText('Mobil'), { target: { value: '+49 170 1234' } });
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.method).sort()).toEqual(['POST', 'PUT']);
  });

  it('a refused save that stored nothing new keeps the dialog open with what was typed', async () => {
    const { calls, onClose } = await openDialog(() => ({ status: 400, body: refusal }));
    await save();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' }).hasAttribute('disabled')).toBe(false));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Straße und Hausnummer')).toHaveProperty('value', 'Lindenallee 12');
  });
});
