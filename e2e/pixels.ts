import sharp from 'sharp';
import { expect, type Locator } from '@playwright/test';

/** The highlight orange of the model viewer. */
export const ORANGE: [number, number, number] = [232, 89, 12];

/**
 * Pixels of a screenshot close to a colour: how many, and one near the bottom of them (in front of
 * a model, where no ghosted roof lies between the camera and the element).
 */
export async function findColour(png: Buffer, [r, g, b]: [number, number, number], tolerance = 45) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const hits: { x: number; y: number }[] = [];
  for (let i = 0; i < data.length; i += info.channels) {
    if (
      Math.abs(data[i]! - r) < tolerance &&
      Math.abs(data[i + 1]! - g) < tolerance &&
      Math.abs(data[i + 2]! - b) < tolerance
    ) {
      const p = i / info.channels;
      hits.push({ x: p % info.width, y: Math.floor(p / info.width) });
    }
  }
  return { count: hits.length, front: hits[Math.floor(hits.length * 0.995)] ?? null };
}

type ColourFound = Awaited<ReturnType<typeof findColour>>;

/**
 * Screenshots the element (saved to `path`) until the colour found satisfies `ready` and two
 * pictures in a row agree: the model draws a new highlight over several frames, so the journey
 * waits for the picture, not for a time.
 */
export async function waitForColour(
  target: Locator,
  colour: [number, number, number],
  path: string,
  ready: (found: ColourFound) => boolean,
): Promise<ColourFound> {
  let found: ColourFound = { count: 0, front: null };
  await expect
    .poll(
      async () => {
        const previous = found.count;
        found = await findColour(await target.screenshot({ path }), colour);
        // Settled too: two pictures in a row agree, so a camera still moving is not clicked into.
        return ready(found) && Math.abs(found.count - previous) <= found.count * 0.02;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

/**
 * Screenshots `target` (to `path`) until two pictures in a row are the same: the renderer has
 * drawn what changed (software rendering takes a moment) and nothing moves any more.
 */
export async function waitForStill(target: Locator, path: string): Promise<Buffer> {
  let previous: Buffer | null = null;
  let shot: Buffer = Buffer.alloc(0);
  await expect
    .poll(
      async () => {
        shot = await target.screenshot({ path });
        const still = previous !== null && shot.equals(previous);
        previous = shot;
        return still;
      },
      { timeout: 20_000, intervals: [250] },
    )
    .toBe(true);
  return shot;
}
