// The app's install icons (web app manifest, home screens) drawn from the brand mark, public/favicon.svg:
// 192 and 512 px PNGs, plus a maskable one with the mark inside the safe zone.
// Run: node scripts/lib/build-icons.mjs (the PNGs are committed under public/icons/).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '../..');
const svg = fs.readFileSync(path.join(root, 'public/favicon.svg'));
const out = path.join(root, 'public/icons');
fs.mkdirSync(out, { recursive: true });

for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
}
// Maskable: the mark at 80 % on the brand colour, so launchers may crop it to any shape.
const mark = await sharp(svg, { density: (72 * 410) / 64 })
  .resize(410, 410)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0b7285' } })
  .composite([{ input: mark, gravity: 'center' }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, 'icon-maskable-512.png'));
// iOS home screens ignore the manifest's icons.
await sharp(svg, { density: (72 * 180) / 64 })
  .resize(180, 180)
  .flatten({ background: '#0b7285' })
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, 'apple-touch-icon.png'));
