import { describe, expect, it } from 'vitest';
import { diffPages, type GreyPage } from './page-diff';

/** A white page with the drawing's lines (walls, a door opening, a title block) drawn in black. */
function sheet(
  width: number,
  height: number,
  draw: (line: (x1: number, y1: number, x2: number, y2: number) => void) => void,
): GreyPage {
  const data = new Uint8Array(width * height).fill(255);
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    for (let y = Math.min(y1, y2); y <= Math.max(y1, y2); y++) {
      for (let x = Math.min(x1, x2); x <= Math.max(x1, x2); x++) {
        if (x >= 0 && x < width && y >= 0 && y < height) data[y * width + x] = 0;
      }
    }
  };
  draw(line);
  return { width, height, data };
}

const plan = (ox: number, oy: number) => (line: (x1: number, y1: number, x2: number, y2: number) => void) => {
  // Outer walls (2 px thick), an inner wall, a title block with text-like marks.
  line(40 + ox, 40 + oy, 360 + ox, 41 + oy);
  line(40 + ox, 250 + oy, 360 + ox, 251 + oy);
  line(40 + ox, 40 + oy, 41 + ox, 251 + oy);
  line(359 + ox, 40 + oy, 360 + ox, 251 + oy);
  line(200 + ox, 40 + oy, 201 + ox, 180 + oy);
  line(260 + ox, 265 + oy, 380 + ox, 266 + oy);
  for (let i = 0; i < 8; i++) line(265 + i * 14 + ox, 272 + oy, 272 + i * 14 + ox, 278 + oy);
};

describe('changed regions of two rendered pages', () => {
  it('finds no region on an unchanged page', () => {
    const page = sheet(400, 300, plan(0, 0));
    const result = diffPages(page, sheet(400, 300, plan(0, 0)));
    expect(result).toEqual({ offset: { dx: 0, dy: 0 }, regions: [] });
  });

  it('aligns a sheet re-plotted with another origin and reports the shift', () => {
    const result = diffPages(sheet(400, 300, plan(0, 0)), sheet(400, 300, plan(9, -6)));
    expect(result.offset).toEqual({ dx: 9, dy: -6 });
    expect(result.regions).toEqual([]);
  });

  it('finds one region around a line that was added', () => {
    const older = sheet(400, 300, plan(0, 0));
    const newer = sheet(400, 300, (line) => {
      plan(0, 0)(line);
      line(100, 120, 180, 121);
    });
    const result = diffPages(older, newer);
    expect(result.offset).toEqual({ dx: 0, dy: 0 });
    expect(result.regions).toHaveLength(1);
    const [region] = result.regions;
    expect(region!.removed).toBe(0);
    expect(region!.added).toBe(81 * 2);
    // The box holds the line (x 100…180 of 400, y 120…121 of 300) and little more.
    expect(region!.x1).toBeLessThanOrEqual(100 / 400);
    expect(region!.x2).toBeGreaterThanOrEqual(181 / 400);
    expect(region!.y1).toBeLessThanOrEqual(120 / 300);
    expect(region!.y2).toBeGreaterThanOrEqual(122 / 300);
    expect(region!.x2 - region!.x1).toBeLessThan(100 / 400);
    expect(region!.y2 - region!.y1).toBeLessThan(20 / 300);
  });

  it('finds a moved wall on a shifted sheet as one region with removed and added ink', () => {
    const older = sheet(400, 300, plan(0, 0));
    const newer = sheet(400, 300, (line) => {
      // The whole sheet shifted by (5, 4); the inner wall moved 30 px to the right.
      line(45, 44, 365, 45);
      line(45, 254, 365, 255);
      line(45, 44, 46, 255);
      line(364, 44, 365, 255);
      line(235, 44, 236, 184);
      line(265, 269, 385, 270);
      for (let i = 0; i < 8; i++) line(270 + i * 14, 276, 277 + i * 14, 282);
    });
    const result = diffPages(older, newer);
    expect(result.offset).toEqual({ dx: 5, dy: 4 });
    expect(result.regions.length).toBe(2);
    expect(result.regions.map((r) => [r.added > 0, r.removed > 0]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('compares pages of different size on the newer page', () => {
    const older = sheet(300, 300, plan(0, 0));
    const newer = sheet(400, 300, plan(0, 0));
    const result = diffPages(older, newer);
    // The part of the drawing beyond x = 300 exists only on the newer page.
    expect(result.regions.length).toBeGreaterThan(0);
    expect(result.regions.every((r) => r.x2 > 300 / 400 && r.removed === 0)).toBe(true);
  });
});
