import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../../shared/schemas/users';
import { DataTable } from '../../../components/data-table';
import type { PagedList } from '../../../lib/use-paged-list';
import { renderWithProviders } from '../../../test/render';
import { adminUserFixture } from '../test/admin-user-fixture';
import { useUsersColumns } from './users-columns';

const paging: PagedList = {
  page: 1,
  pageSize: 20,
  pageSizes: [20],
  view: 'table',
  setView: () => undefined,
  setPage: () => undefined,
  setPageSize: () => undefined,
  clamp: () => undefined,
};
const salesOrgs = [{ salesOrgID: 3, salesOrgKey: 'DE01', title: 'Nord' }];

const me = adminUserFixture({
  userID: 1,
  login: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  isAdmin: true,
});
const invited = adminUserFixture({
  userID: 2,
  login: 'ben@example.com',
  firstName: 'Ben',
  lastName: null,
  isInternal: false,
  salesOrgID: 3,
  status: 'invited',
  invitationByMe: true,
  invitationExpiresAt: '2026-12-05T10:00:00Z',
});
const gone = adminUserFixture({ userID: 3, login: 'cleo@example.com', firstName: 'Cleo', status: 'deactivated' });
const other = adminUserFixture({ userID: 4, login: 'dora@example.com', firstName: 'Dora', lastName: null });

function Table({ handlers }: { handlers: Parameters<typeof useUsersColumns>[2] }) {
  const columns = useUsersColumns(salesOrgs, me.userID, handlers);
  return (
    <DataTable
      data={[me, invited, gone, other]}
      columns={columns}
      total={4}
      paging={paging}
      getRowId={(u: AdminUser) => String(u.userID)}
      rowProps={(u: AdminUser) => ({ 'data-testid': `user-row-${u.login}` })}
    />
  );
}

const actionsOf = (login: string) =>
  within(screen.getByTestId(`user-row-${login}`))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('useUsersColumns', () => {
  const handlers = () => ({
    onEdit: vi.fn(),
    onCopyLink: vi.fn(),
    onChangeState: vi.fn(async () => undefined),
    onEndSessions: vi.fn(async () => undefined),
  });

  it('offers each row the actions its state allows, never deactivating oneself', () => {
    renderWithProviders(<Table handlers={handlers()} />);
    expect(actionsOf('admin@example.com')).toEqual(['Bearbeiten: Ada Admin']);
    expect(actionsOf('ben@example.com')).toEqual([
      'Bearbeiten: Ben',
      'Einladungslink kopieren: Ben',
      'Einladung erneut senden: Ben',
      'Deaktivieren: Ben',
    ]);
    expect(actionsOf('cleo@example.com')).toEqual(['Bearbeiten: Cleo Berg', 'Reaktivieren: Cleo Berg']);
    expect(actionsOf('dora@example.com')).toEqual([
      'Bearbeiten: Dora',
      'Alle Sitzungen beenden: Dora',
      'Deaktivieren: Dora',
    ]);
  });

  it('shows kind, sales organisation, status and the end of an open invitation', () => {
    renderWithProviders(<Table handlers={handlers()} />);
    const ben = within(screen.getByTestId('user-row-ben@example.com'));
    expect(ben.getByText('Extern')).toBeTruthy();
    expect(ben.getByText('DE01')).toBeTruthy();
    expect(ben.getByText('Eingeladen')).toBeTruthy();
    expect(ben.getByText(/05\.12\.2026/)).toBeTruthy();
    const ada = within(screen.getByTestId('user-row-admin@example.com'));
    expect(ada.getByText('Administrator')).toBeTruthy();
    expect(ada.getByText('–')).toBeTruthy();
  });

  it('hands the row and the action to the page', () => {
    const h = handlers();
    renderWithProviders(<Table handlers={h} />);
    fireEvent.click(screen.getByRole('button', { name: 'Bearbeiten: Ben' }));
    fireEvent.click(screen.getByRole('button', { name: 'Einladungslink kopieren: Ben' }));
    fireEvent.click(screen.getByRole('button', { name: 'Einladung erneut senden: Ben' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reaktivieren: Cleo Berg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Alle Sitzungen beenden: Dora' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deaktivieren: Dora' }));
    expect(h.onEdit).toHaveBeenCalledWith(invited);
    expect(h.onCopyLink).toHaveBeenCalledWith(invited);
    expect(h.onChangeState.mock.calls).toEqual([
      [invited, 'invitation'],
      [gone, 'reactivate'],
      [other, 'deactivate'],
    ]);
    expect(h.onEndSessions).toHaveBeenCalledWith(other);
  });
});
