import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useLeaveGuard } from './use-leave-guard';

function Page({ guarded, mayLeave }: { guarded: boolean; mayLeave: () => Promise<boolean> }) {
  useLeaveGuard(guarded, mayLeave);
  return <Link to="/other">weg</Link>;
}

describe('useLeaveGuard', () => {
  it('holds navigation while guarded and lets it go when the question is answered yes', async () => {
    const answers = [false, true];
    const mayLeave = vi.fn(async () => answers.shift() ?? true);
    renderWithProviders(<Page guarded mayLeave={mayLeave} />, { route: '/sheet', path: '/sheet' });
    await userEvent.click(screen.getByRole('link', { name: 'weg' }));
    expect(mayLeave).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('elsewhere')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'weg' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(mayLeave).toHaveBeenCalledTimes(2);
  });

  it('does not ask when nothing is to be guarded', async () => {
    const mayLeave = vi.fn(async () => false);
    renderWithProviders(<Page guarded={false} mayLeave={mayLeave} />, { route: '/sheet', path: '/sheet' });
    await userEvent.click(screen.getByRole('link', { name: 'weg' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(mayLeave).not.toHaveBeenCalled();
  });
});
