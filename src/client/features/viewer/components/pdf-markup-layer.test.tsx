import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkupLayer } from './pdf-markup-layer';

const size = { w: 1000, h: 500 };

describe('MarkupLayer', () => {
  it('draws each markup in page points, the active one stronger, a measured line with its length', () => {
    const { container } = render(
      <MarkupLayer
        size={size}
        calibrating={null}
        lengthOf={(m) => (m.kind === 'measure' ? '2,50 m' : null)}
        markups={[
          { id: 1, active: false, markup: { kind: 'area', page: 1, x1: 0.5, y1: 0.5, x2: 0.1, y2: 0.2 } },
          { id: 2, active: true, markup: { kind: 'cloud', page: 1, x1: 0.1, y1: 0.1, x2: 0.3, y2: 0.3 } },
          { id: 'measure', active: true, markup: { kind: 'measure', page: 1, x1: 0, y1: 0, x2: 0.5, y2: 0 } },
        ]}
      />,
    );
    const area = container.querySelector('[data-markup="1"]')!;
    expect([area.getAttribute('x'), area.getAttribute('y'), area.getAttribute('width')]).toEqual(['100', '100', '400']);
    expect(area.getAttribute('stroke-width')).toBe('2.5');
    expect(container.querySelector('[data-markup="2"]')?.getAttribute('stroke-width')).toBe('4');
    expect(container.querySelector('[data-markup="measure"] [data-testid="markup-length"]')?.textContent).toBe(
      '2,50 m',
    );
    expect(container.querySelector('[data-markup="calibration"]')).toBeNull();
  });

  it('shows the calibration line being picked, without a length', () => {
    const { container } = render(
      <MarkupLayer size={size} markups={[]} lengthOf={() => '1 m'} calibrating={{ x1: 0, y1: 0, x2: 1, y2: 1 }} />,
    );
    const line = container.querySelector('[data-markup="calibration"] line')!;
    expect(line.getAttribute('marker-end')).toBe('url(#pdf-tick-calibrate)');
    expect(container.querySelector('[data-testid="markup-length"]')).toBeNull();
  });
});
