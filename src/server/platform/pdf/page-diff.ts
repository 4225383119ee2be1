/**
 * Changed regions between two rendered pages (grey values, 0 black … 255 white). The newer page is
 * first aligned to the older one (sheets re-plotted with another origin differ only by a shift),
 * then ink that is on one page and not near the same place on the other is grouped into boxes.
 * Pure and synchronous: it runs inside the page-compare worker, never on the event loop.
 */
export type GreyPage = { width: number; height: number; data: Uint8Array };

/** A box in fractions of the newer page's width and height, with its count of added and removed ink pixels. */
export type ChangedRegion = { x1: number; y1: number; x2: number; y2: number; added: number; removed: number };

export type PageDiff = {
  /** The shift of the newer page against the older one, in pixels of the rendered page. */
  offset: { dx: number; dy: number };
  regions: ChangedRegion[];
};

export type PageDiffOptions = {
  /** Grey value below which a pixel counts as ink. */
  inkBelow: number;
  /** Largest shift looked for, as a fraction of the page's width and height. */
  maxShift: number;
  /** Side of the square cells changes are counted in, in pixels. */
  cell: number;
  /** Changed pixels a cell needs to count (fewer is anti-aliasing noise). */
  minPixels: number;
  /** Changed cells this many cells apart belong to one region. */
  gapCells: number;
};

export const defaultPageDiffOptions: PageDiffOptions = {
  inkBelow: 200,
  maxShift: 0.05,
  cell: 8,
  minPixels: 4,
  gapCells: 2,
};

/** 1 where the page has ink, widened by one pixel so anti-aliasing and rounding do not count as change. */
function inkMasks(page: GreyPage, inkBelow: number): { ink: Uint8Array; near: Uint8Array } {
  const { width, height, data } = page;
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = (data[i] ?? 255) < inkBelow ? 1 : 0;
  const near = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!ink[y * width + x]) continue;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(height - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(width - 1, x + 1); xx++) near[yy * width + xx] = 1;
      }
    }
  }
  return { ink, near };
}

function profiles(ink: Uint8Array, width: number, height: number) {
  const rows = new Float64Array(height);
  const cols = new Float64Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (ink[y * width + x]) {
        rows[y]! += 1;
        cols[x]! += 1;
      }
    }
  }
  return { rows, cols };
}

/** The shift `s` (newer[i + s] ≈ older[i]) with the least absolute difference of two ink profiles. */
function bestShift(older: Float64Array, newer: Float64Array, max: number): number {
  let best = 0;
  let bestCost = Infinity;
  for (let s = -max; s <= max; s++) {
    let cost = 0;
    for (let i = 0; i < older.length; i++) {
      const j = i + s;
      cost += Math.abs((older[i] ?? 0) - (j >= 0 && j < newer.length ? (newer[j] ?? 0) : 0));
    }
    // Ties go to the smaller shift, so an unshifted sheet reports 0.
    if (cost < bestCost - 1e-9 || (Math.abs(cost - bestCost) <= 1e-9 && Math.abs(s) < Math.abs(best))) {
      best = s;
      bestCost = cost;
    }
  }
  return best;
}

/** Changed pixels with the newer page shifted by (dx, dy) against the older one. */
function countChanged(
  older: { ink: Uint8Array; near: Uint8Array },
  newer: { ink: Uint8Array; near: Uint8Array },
  width: number,
  height: number,
  dx: number,
  dy: number,
  visit?: (x: number, y: number, kind: 'added' | 'removed') => void,
): number {
  let changed = 0;
  for (let y = 0; y < height; y++) {
    const oy = y - dy;
    for (let x = 0; x < width; x++) {
      const ox = x - dx;
      const inOld = ox >= 0 && ox < width && oy >= 0 && oy < height;
      const i = y * width + x;
      const o = oy * width + ox;
      if (newer.ink[i] && !(inOld && older.near[o])) {
        changed++;
        visit?.(x, y, 'added');
      } else if (inOld && older.ink[o] && !newer.near[i]) {
        changed++;
        visit?.(x, y, 'removed');
      }
    }
  }
  return changed;
}

/**
 * Compares two pages rendered at the same scale. Pages of different size are compared on the
 * newer page's size (the older one padded with white or cut).
 */
export function diffPages(
  older: GreyPage,
  newer: GreyPage,
  options: PageDiffOptions = defaultPageDiffOptions,
): PageDiff {
  const { width, height } = newer;
  const oldOnNew = fitTo(older, width, height);
  const a = inkMasks(oldOnNew, options.inkBelow);
  const b = inkMasks(newer, options.inkBelow);
  const pa = profiles(a.ink, width, height);
  const pb = profiles(b.ink, width, height);
  let dx = bestShift(pa.cols, pb.cols, Math.round(width * options.maxShift));
  let dy = bestShift(pa.rows, pb.rows, Math.round(height * options.maxShift));
  // The shift is kept only when it explains more of the page than no shift does.
  if ((dx !== 0 || dy !== 0) && countChanged(a, b, width, height, dx, dy) >= countChanged(a, b, width, height, 0, 0)) {
    dx = 0;
    dy = 0;
  }

  const cols = Math.ceil(width / options.cell);
  const rows = Math.ceil(height / options.cell);
  const added = new Uint32Array(cols * rows);
  const removed = new Uint32Array(cols * rows);
  countChanged(a, b, width, height, dx, dy, (x, y, kind) => {
    const c = Math.floor(y / options.cell) * cols + Math.floor(x / options.cell);
    if (kind === 'added') added[c]! += 1;
    else removed[c]! += 1;
  });

  const hot = new Uint8Array(cols * rows);
  for (let c = 0; c < hot.length; c++) hot[c] = (added[c] ?? 0) + (removed[c] ?? 0) >= options.minPixels ? 1 : 0;
  const seen = new Uint8Array(cols * rows);
  const regions: ChangedRegion[] = [];
  for (let start = 0; start < hot.length; start++) {
    if (!hot[start] || seen[start]) continue;
    // Flood fill over changed cells, jumping gaps of up to `gapCells` cells.
    const stack = [start];
    seen[start] = 1;
    let [minX, minY, maxX, maxY] = [cols, rows, -1, -1];
    let sumAdded = 0;
    let sumRemoved = 0;
    while (stack.length > 0) {
      const c = stack.pop()!;
      const cx = c % cols;
      const cy = Math.floor(c / cols);
      minX = Math.min(minX, cx);
      maxX = Math.max(maxX, cx);
      minY = Math.min(minY, cy);
      maxY = Math.max(maxY, cy);
      sumAdded += added[c] ?? 0;
      sumRemoved += removed[c] ?? 0;
      const g = options.gapCells;
      for (let ny = Math.max(0, cy - g); ny <= Math.min(rows - 1, cy + g); ny++) {
        for (let nx = Math.max(0, cx - g); nx <= Math.min(cols - 1, cx + g); nx++) {
          const n = ny * cols + nx;
          if (hot[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    const px = (v: number, size: number) => Math.min(1, Math.max(0, v / size));
    regions.push({
      x1: px(minX * options.cell, width),
      y1: px(minY * options.cell, height),
      x2: px((maxX + 1) * options.cell, width),
      y2: px((maxY + 1) * options.cell, height),
      added: sumAdded,
      removed: sumRemoved,
    });
  }
  // Reading order: top to bottom, then left to right.
  regions.sort((r, s) => r.y1 - s.y1 || r.x1 - s.x1);
  return { offset: { dx, dy }, regions };
}

/** The page on a canvas of `width` × `height` (white where it is smaller). */
function fitTo(page: GreyPage, width: number, height: number): GreyPage {
  if (page.width === width && page.height === height) return page;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < Math.min(height, page.height); y++) {
    data.set(page.data.subarray(y * page.width, y * page.width + Math.min(width, page.width)), y * width);
  }
  return { width, height, data };
}
