import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { RoleKeysSelect } from './member-fields';

function Roles({ initial }: { initial: string[] }) {
  const [roles, setRoles] = useState(initial);
  return (
    <>
      <RoleKeysSelect value={roles} onChange={setRoles} />
      <output>{roles.join(',')}</output>
    </>
  );
}

describe('RoleKeysSelect', () => {
  it('shows a pre-filled role as chosen and does not offer it again, so picking it cannot remove it', async () => {
    renderWithProviders(<Roles initial={['reviewer']} />);
    const field = screen.getByTestId('member-roles-select');
    expect(field.closest('.mantine-MultiSelect-root')).not.toBeNull();
    expect(screen.getByText('Prüfer', { selector: '.mantine-Pill-label' })).toBeTruthy();
    await userEvent.click(field);
    // The list is open (its transition has not finished in jsdom, hence `hidden`): every role but the chosen one.
    const offered = screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(offered).toHaveLength(11);
    expect(offered).not.toContain('Prüfer');
    await userEvent.click(screen.getByRole('option', { name: 'Zeichner', hidden: true }));
    expect(screen.getByRole('status').textContent).toBe('reviewer,drafter');
  });
});
