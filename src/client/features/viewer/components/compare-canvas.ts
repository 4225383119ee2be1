import type { PDFDocumentProxy } from 'pdfjs-dist';

/** Colours of the overlay: removed (only in the older version), added (only in the newer), unchanged. */
export const OVERLAY = {
  removed: [224, 49, 49],
  added: [25, 113, 194],
  unchanged: [134, 142, 150],
} as const;

const INK_BELOW = 200;

/** A page rendered at `scale` (CSS pixels per PDF point) into an offscreen canvas; null when the document has no such page. */
export async function renderPage(
  doc: PDFDocumentProxy,
  pageNo: number,
  scale: number,
): Promise<HTMLCanvasElement | null> {
  if (pageNo > doc.numPages) return null;
  const page = await doc.getPage(pageNo);
  const viewport = page.getViewport({ scale });
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(viewport.width));
  canvas.height = Math.max(1, Math.ceil(viewport.height));
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, viewport }).promise;
  return canvas;
}

const greyAt = (data: Uint8ClampedArray, i: number) =>
  0.299 * (data[i] ?? 255) + 0.587 * (data[i + 1] ?? 255) + 0.114 * (data[i + 2] ?? 255);

/**
 * The two versions of a page in one picture: ink on both grey, only on the older page red (its
 * strength the `opacity` 0…1), only on the newer page blue. The older page is moved by the offset
 * the server found (in pixels at this scale), so a re-plotted sheet lines up.
 */
export function composeOverlay(
  target: HTMLCanvasElement,
  older: HTMLCanvasElement | null,
  newer: HTMLCanvasElement | null,
  offset: { dx: number; dy: number },
  opacity: number,
): void {
  const base = newer ?? older;
  if (!base) return;
  const { width, height } = base;
  target.width = width;
  target.height = height;
  const out = target.getContext('2d')!;
  const image = out.createImageData(width, height);
  const a = older?.getContext('2d', { willReadFrequently: true })!.getImageData(0, 0, older.width, older.height);
  const b = newer?.getContext('2d', { willReadFrequently: true })!.getImageData(0, 0, width, height);
  const dx = Math.round(offset.dx);
  const dy = Math.round(offset.dy);
  const mix = (c: number) => Math.round(255 + (c - 255) * opacity);
  // Ink of both pages on the newer page's pixels (the older one moved by the offset).
  const inkNew = new Uint8Array(width * height);
  const inkOld = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (b && greyAt(b.data, p * 4) < INK_BELOW) inkNew[p] = 1;
      const ox = x - dx;
      const oy = y - dy;
      if (
        a &&
        ox >= 0 &&
        oy >= 0 &&
        ox < a.width &&
        oy < a.height &&
        greyAt(a.data, (oy * a.width + ox) * 4) < INK_BELOW
      ) {
        inkOld[p] = 1;
      }
    }
  }
  // Ink within a pixel of the other page's ink counts as unchanged (rendering rounds differently).
  const near = (ink: Uint8Array, x: number, y: number) => {
    for (let yy = Math.max(0, y - 1); yy <= Math.min(height - 1, y + 1); yy++) {
      for (let xx = Math.max(0, x - 1); xx <= Math.min(width - 1, x + 1); xx++) if (ink[yy * width + xx]) return true;
    }
    return false;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const i = p * 4;
      let colour: readonly number[] = [255, 255, 255];
      if (inkNew[p]) colour = near(inkOld, x, y) ? OVERLAY.unchanged : OVERLAY.added;
      else if (inkOld[p]) colour = near(inkNew, x, y) ? OVERLAY.unchanged : OVERLAY.removed.map(mix);
      image.data[i] = colour[0] ?? 255;
      image.data[i + 1] = colour[1] ?? 255;
      image.data[i + 2] = colour[2] ?? 255;
      image.data[i + 3] = 255;
    }
  }
  out.putImageData(image, 0, 0);
}
