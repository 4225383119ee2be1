import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectUnit, ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { renderWithProviders } from '../../../test/render';
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
