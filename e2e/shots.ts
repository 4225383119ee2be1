import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * Where the journeys leave pictures of the screens for people to look at: `SHOTS_DIR`. Unset (as
 * in CI), no such picture is taken: none is read by an assertion, and each full-page capture costs
 * the software renderer a second or more. Screenshots that a journey compares stay (pixels.ts).
 */
const dir = process.env.SHOTS_DIR;

/** A picture of the page or an element for people to look at, as `<SHOTS_DIR>/<name>.png`. */
export async function shot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, ...options });
  else await target.screenshot({ path: file });
}
