import { readFile, stat } from 'node:fs/promises';
import { diffPages, type ChangedRegion, type GreyPage } from './page-diff';

/** One page pair: matched by number; a page only one version has is reported as missing there. The offset is in PDF points. */
export type PageComparison = {
  page: number;
  inOlder: boolean;
  inNewer: boolean;
  offset: { dx: number; dy: number };
  regions: ChangedRegion[];
};
export type PdfComparison = { scale: number; pages: PageComparison[]; truncated: boolean; peakRssMb: number };

type PdfDocument = {
  numPages: number;
  getPage(n: number): Promise<{
    getViewport(o: { scale: number }): { width: number; height: number };
    render(o: { canvasContext: unknown; viewport: unknown }): { promise: Promise<void> };
    cleanup(): void;
  }>;
  canvasFactory: {
    create(
      w: number,
      h: number,
    ): {
      canvas: { width: number; height: number };
      context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
    };
    destroy(c: unknown): void;
  };
  destroy(): Promise<void>;
};

async function open(filePath: string, maxBytes: number): Promise<PdfDocument> {
  if ((await stat(filePath)).size > maxBytes) throw new Error('PDF too large');
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(filePath));
  return (await getDocument({ data, isEvalSupported: false, verbosity: 0 }).promise) as unknown as PdfDocument;
}

/** A page rendered at `scale` as grey values; its pixel count is bounded (an oversized sheet is scaled down). */
async function render(
  doc: PdfDocument,
  n: number,
  scale: number,
  maxPixels: number,
): Promise<GreyPage & { fit: number }> {
  const page = await doc.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const fit = Math.min(scale, Math.sqrt(maxPixels / Math.max(1, base.width * base.height)));
  const viewport = page.getViewport({ scale: fit });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const target = doc.canvasFactory.create(width, height);
  await page.render({ canvasContext: target.context, viewport }).promise;
  const rgba = target.context.getImageData(0, 0, width, height).data;
  doc.canvasFactory.destroy(target);
  page.cleanup();
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < data.length; i += 4, j++) {
    // Transparent (unpainted) counts as white paper.
    const alpha = (rgba[i + 3] ?? 0) / 255;
    const grey = 0.299 * (rgba[i] ?? 0) + 0.587 * (rgba[i + 1] ?? 0) + 0.114 * (rgba[i + 2] ?? 0);
    data[j] = Math.round(grey * alpha + 255 * (1 - alpha));
  }
  return { width, height, data, fit };
}

/**
 * Runs in a worker thread (see page-compare.ts): renders the pages of both PDFs with pdf.js at
 * `scale` and finds the changed regions page by page (at most `maxPages`).
 */
export async function comparePdfFiles(
  olderPath: string,
  newerPath: string,
  options: { scale: number; maxPages: number; maxPixels: number; maxBytes: number },
): Promise<PdfComparison> {
  const older = await open(olderPath, options.maxBytes);
  const newer = await open(newerPath, options.maxBytes);
  const count = Math.max(older.numPages, newer.numPages);
  const pages: PageComparison[] = [];
  let peak = process.memoryUsage.rss();
  for (let n = 1; n <= Math.min(count, options.maxPages); n++) {
    const inOlder = n <= older.numPages;
    const inNewer = n <= newer.numPages;
    if (!inOlder || !inNewer) {
      pages.push({ page: n, inOlder, inNewer, offset: { dx: 0, dy: 0 }, regions: [] });
      continue;
    }
    const a = await render(older, n, options.scale, options.maxPixels);
    const b = await render(newer, n, options.scale, options.maxPixels);
    peak = Math.max(peak, process.memoryUsage.rss());
    const { offset, regions } = diffPages(a, b);
    // The shift in PDF points, whatever scale the page was rendered at.
    const points = (px: number) => Math.round((px / b.fit) * 10) / 10 || 0;
    pages.push({ page: n, inOlder, inNewer, offset: { dx: points(offset.dx), dy: points(offset.dy) }, regions });
  }
  await older.destroy();
  await newer.destroy();
  return { scale: options.scale, pages, truncated: count > options.maxPages, peakRssMb: Math.round(peak / 1024 ** 2) };
}
