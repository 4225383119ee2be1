import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryData } from '../../../../shared/schemas/delivery';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { deliveryDataQuery } from '../api/delivery-data';
import { DeliveryDataDialog } from './delivery-data-dialog';

const rootId = 1;
const lot = (id: number, title: string, volume: number, deliveryDate: string | null) => ({
  projectUnitID: id,
  approvalLotTitle: title,
  projectUnitNo: String(id),
  earliestDeliveryDate: '2026-12-11',
  materials: [{ type: 'aac', volume, deliveryDate }],
});
const dataWith = (secondDate: string | null): DeliveryData => ({
  today: '2026-12-01',
  earliestDeliveryDate: '2026-12-11',
  preliminaryDays: 10,
  canEdit: true,
  subProjects: [
    {
      subProjectID: 2,
      subProjectTitle: 'Haus A',
      approvalLots: [lot(21, 'EG', 100, '2027-01-10'), lot(22, '1. OG', 100, secondDate)],
    },
  ],
});
const refusal = {
  status: 400,
  code: 'BadRequest',
  messages: [{ messageType: 'Error', message: 'ERRORMESSAGES.Unexpected' }],
};

/** The server: the dialog's (re)load answers the data; a save answers `post`. Returns the saves' calls. */
function serve(post: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, init: RequestInit) =>
    init.method === 'POST' ? post() : Promise.resolve(new Response(JSON.stringify(dataWith('2027-01-20')))),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.filter(([, init]) => init.method === 'POST');
}

function renderDialog(data = dataWith('2027-01-20')) {
  const onClose = vi.fn();
  const queryClient = seededQueryClient([[deliveryDataQuery(rootId).queryKey, data]]);
  renderWithProviders(<DeliveryDataDialog rootId={rootId} onClose={onClose} />, { queryClient });
  const dialog = screen.getByRole('dialog', { name: 'Liefertermine' });
  return { dialog, onClose, save: within(dialog).getByRole('button', { name: 'Speichern' }) };
}

function setVolume(dialog: HTMLElement, volume: string, lotTitle = '1. OG') {
  const field = within(dialog).getByRole('textbox', { name: `Volumen (m³) ${lotTitle}, Porenbeton` });
  fireEvent.change(field, { target: { value: volume } });
}

afterEach(() => vi.unstubAllGlobals());

describe('DeliveryDataDialog', { timeout: 20_000 }, () => {
  it('refuses a volume past the subproject’s 350 m³ at its row; a fixed one saves the changed lot alone, Save off meanwhile', async () => {
    let answer!: (response: Response) => void;
    const saves = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { dialog, onClose, save } = renderDialog();

    setVolume(dialog, '300');
    expect(within(dialog).getByText('Der Höchstwert ist 250.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('höchstens 350 m³ umfassen (derzeit 400 m³)');
    expect(save.hasAttribute('disabled')).toBe(true);

    setVolume(dialog, '120');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(save);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(save.hasAttribute('disabled')).toBe(true);
    const [url, init] = saves()[0] ?? [];
    expect(url).toBe(`/api/data/portal/delivery-data/${rootId}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      approvalLots: [{ projectUnitID: 22, materials: [{ type: 'aac', volume: 120, deliveryDate: '2027-01-20' }] }],
    });
    answer(new Response(JSON.stringify(dataWith('2027-01-20'))));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('a row’s maximum follows the other rows: a change in one names the other too, and undoing it clears both', () => {
    serve(() => Promise.reject(new Error('no save expected')));
    const { dialog } = renderDialog();
    setVolume(dialog, '250');
    expect(within(dialog).queryByText(/Der Höchstwert ist/)).toBeNull();
    setVolume(dialog, '200', 'EG');
    const other = within(dialog).getByTestId('delivery-row-22:aac');
    expect(within(other).getByText('Der Höchstwert ist 150.')).toBeTruthy();
    setVolume(dialog, '100', 'EG');
    expect(within(dialog).queryByText(/Der Höchstwert ist/)).toBeNull();
  });

  it('a date moved with a later one behind it asks first; Yes moves the later one by as many days', async () => {
    serve(() => Promise.reject(new Error('no save expected')));
    const { dialog } = renderDialog();
    const first = within(dialog).getByRole('textbox', { name: 'Liefertermin EG, Porenbeton' });
    fireEvent.focus(first);
    fireEvent.input(first, { target: { value: '15.01.2027' } });
    fireEvent.blur(first);
    const question = await screen.findByRole('dialog', { name: 'Liefertermin verschoben' });
    await userEvent.click(within(question).getByRole('button', { name: 'Ja, alle verschieben' }));
    const second = within(dialog).getByRole('textbox', { name: 'Liefertermin 1. OG, Porenbeton' });
    await waitFor(() => expect(second).toHaveProperty('value', '25.01.2027'));
    expect(first).toHaveProperty('value', '15.01.2027');
  });

  it('names a stored material without a date at once, with Save off', () => {
    serve(() => Promise.reject(new Error('no save expected')));
    const { dialog, save } = renderDialog(dataWith(null));
    const row = within(dialog).getByTestId('delivery-row-22:aac');
    expect(within(row).getByText('Dieses Feld muss ausgefüllt werden')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('unchanged, Save only closes; a refusal of the server shows in the dialog, which stays open', async () => {
    const saves = serve(async () => new Response(JSON.stringify(refusal), { status: 400 }));
    const unchanged = renderDialog();
    await userEvent.click(unchanged.save);
    expect(unchanged.onClose).toHaveBeenCalledTimes(1);
    expect(saves()).toHaveLength(0);
    unchanged.dialog.remove();

    const { dialog, onClose, save } = renderDialog();
    setVolume(dialog, '110');
    await userEvent.click(save);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Ein unerwarteter Fehler');
    expect(saves()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
