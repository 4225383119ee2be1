import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModelMarkup } from '../../../components/model-viewer-slot';
import { renderWithProviders } from '../../../test/render';
import { modelToolsWorld } from '../test/model-tools-world';
import { ModelTools, type ModelToolsBridge } from './model-tools';

function setup() {
  const w = modelToolsWorld();
  const bridges: ModelToolsBridge[] = [];
  renderWithProviders(
    <ModelTools world={w.world} model={w.model} fragments={w.fragments} onBridge={(b) => bridges.push(b)} />,
  );
  const bridge = () => bridges.at(-1)!;
  return { w, bridge };
}

const measure = () => screen.getByRole('button', { name: 'Abstand messen' });

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('ModelTools', { timeout: 20_000 }, () => {
  it('measures between two clicked points, labels the line and keeps it for a topic', async () => {
    const { w, bridge } = setup();
    expect(bridge()).toMatchObject({ active: false });
    expect(bridge().get()).toEqual({ lines: undefined, clippingPlanes: undefined });
    fireEvent.click(measure());
    expect(bridge().active).toBe(true);
    w.aim([1, 1, 1]);
    w.press(100, 100);
    await waitFor(() => expect(w.rays).toHaveLength(1));
    w.aim([4, 5, 1]);
    w.press(200, 100);
    expect(await screen.findByTestId('model-measure-result')).toHaveProperty('textContent', 'Abstand: 5,00 m');
    expect(screen.getByText('5,00 m')).toBeTruthy();
    // The bridge reaches the page in an effect, which may run after the line is drawn.
    await waitFor(() => expect(bridge().get().lines).toEqual([{ start: [1, 1, 1], end: [4, 5, 1] }]));
    fireEvent.click(screen.getByRole('button', { name: 'Messungen entfernen' }));
    expect(screen.queryByTestId('model-measure-result')).toBeNull();
    await waitFor(() => expect(bridge().get().lines).toBeUndefined());
  });

  it("shows a topic's lines and section, and keeps them as they were shown", () => {
    const { w, bridge } = setup();
    const markup: ModelMarkup = {
      lines: [{ start: [0, 0, 0], end: [0, 2, 0] }],
      clippingPlanes: [{ location: [2.5, 3, 4], direction: [1, 0, 0] }],
    };
    act(() => bridge().show(markup));
    expect(screen.getByTestId('model-measure-result').textContent).toBe('Abstand: 2,00 m');
    expect(screen.getByRole('slider', { name: 'Lage des Schnitts' }).getAttribute('aria-valuenow')).toBe('0.25');
    expect(w.planes.at(-1)!.active).toBe(true);
    const kept = bridge().get();
    expect(kept.lines).toEqual(markup.lines);
    expect(kept.clippingPlanes?.[0]?.location[0]).toBeCloseTo(2.5);
    expect(kept.clippingPlanes?.[0]?.direction.map((v) => v + 0)).toEqual([1, 0, 0]);

    act(() => bridge().show({}));
    expect(screen.queryByTestId('model-measure-result')).toBeNull();
    expect(screen.queryByTestId('model-section-slider')).toBeNull();
    expect(w.planes.at(-1)!.active).toBe(false);
  });
});
