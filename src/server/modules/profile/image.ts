import sharp from 'sharp';
import { AppError } from '../../../shared/errors';

/** 256×256 thumbnails; inputs above 25 megapixels are refused before decoding. */
export const THUMBNAIL_SIZE = 256;
export const MAX_INPUT_PIXELS = 25_000_000;

type Kind = 'png' | 'jpeg' | 'gif' | 'webp' | 'tiff';

/** The image kind from the file's first bytes; the file name and the declared type are not trusted. */
export function sniffImage(buf: Buffer): Kind | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x49, 0x49, 0x2a, 0x00]) || starts([0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  return null;
}

const invalidType = () => new AppError('UnsupportedMediaType', 'PROFILE.Image.InvalidType');
const tooLarge = () => new AppError('PayloadTooLarge', 'PROFILE.Image.TooLarge');

/** Decodes an uploaded image and returns a square 256×256 PNG; refuses other files. */
export async function normaliseProfileImage(input: Buffer): Promise<Buffer> {
  const kind = sniffImage(input);
  if (!kind) throw invalidType();
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw invalidType();
  }
  if (!width || !height) throw invalidType();
  if (width * height > MAX_INPUT_PIXELS) throw tooLarge();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: 'centre' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw invalidType();
  }
}
