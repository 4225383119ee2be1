import type { Area } from 'react-easy-crop';

/** Accepted image types of spec §5 (png, jpg, jpeg, bmp, gif, tiff, svg, webp, icon). */
const acceptedExtensions = ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'tif', 'tiff', 'svg', 'webp', 'ico', 'icon'];
const acceptedTypes = [
  'image/png',
  'image/jpeg',
  'image/bmp',
  'image/gif',
  'image/tiff',
  'image/svg+xml',
  'image/webp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
];
export const acceptAttribute = [...acceptedTypes, ...acceptedExtensions.map((e) => `.${e}`)].join(',');

export function isAcceptedImage(file: File): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (file.type) return acceptedTypes.includes(file.type);
  return acceptedExtensions.includes(ext);
}

/** The largest side of the uploaded crop; the server makes a 256×256 thumbnail of it. */
const MAX_OUTPUT = 1024;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('Crop image failed'));
    img.src = src;
  });
}

/** Draws the chosen square of the image into a canvas and returns it as a PNG. */
export async function cropToPng(src: string, area: Area): Promise<Blob> {
  const img = await loadImage(src);
  const size = Math.max(1, Math.min(MAX_OUTPUT, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Crop image failed');
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, size, size);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png', 0.92));
  if (!blob) throw new Error('Crop image failed');
  return blob;
}
