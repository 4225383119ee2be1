import { notifications, Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import type { PlantCapacity } from '../api/outlook';
import { CapacityCard } from './capacity-card';

afterEach(() => vi.unstubAllGlobals());

/** A server that keeps the capacities: a PUT saves one plant's, a GET lists them. */
function setup() {
  notifications.clean();
  const plants: PlantCapacity[] = [
    { plantId: 4, name: 'Werk Nord', weeklyCapacity: 500 },
    { plantId: 5, name: 'Werk Süd', weeklyCapacity: null },
  ];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method !== 'PUT') return new Response(JSON.stringify(plants));
    const plant = plants.find((p) => url.endsWith(`/${p.plantId}`))!;
    plant.weeklyCapacity = (JSON.parse(String(init.body)) as PlantCapacity).weeklyCapacity;
    return new Response(JSON.stringify(plant));
  });
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(
    <>
      <Notifications />
      <CapacityCard />
    </>,
    { queryClient: seededQueryClient([[queryKeys.outlook.capacities(), structuredClone(plants)]]) },
  );
  const saves = () =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([url, init]) => [url, JSON.parse(String(init?.body)) as unknown]);
  return { saves };
}

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(`${name} (m³)`);
const saveButtons = () => screen.getAllByRole('button', { name: 'Speichern' });

describe('CapacityCard with usePlantCapacityEdits', () => {
  it("starts from each plant's saved capacity", () => {
    setup();
    expect(field('Werk Nord').value).toBe('500');
    expect(field('Werk Süd').value).toBe('');
  });

  it('saves one plant at a time, an empty field as no capacity, and reports it', async () => {
    const { saves } = setup();
    await userEvent.type(field('Werk Süd'), '320.5');
    await userEvent.click(saveButtons()[1]!);
    await waitFor(() => expect(saves()).toEqual([['/api/data/portal/outlook/plants/5', { weeklyCapacity: 320.5 }]]));
    expect(await screen.findByText('Gespeichert')).toBeTruthy();

    await userEvent.clear(field('Werk Nord'));
    await userEvent.click(saveButtons()[0]!);
    await waitFor(() => expect(saves()[1]).toEqual(['/api/data/portal/outlook/plants/4', { weeklyCapacity: null }]));
  }, 15_000);
});
