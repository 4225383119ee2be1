// Makes sure Debian's Chromium is there for the browser tests and the page benchmarks.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** The full browser, as users have it: installing the app, Lighthouse, the page traces. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The journeys' browser: Debian's headless shell of the same Chromium (same engine and version,
 * without the desktop browser's parts), about a fifth less CPU on this machine's two cores
 * (docs/decisions/017-journeys-in-the-headless-shell.md). E2E_CHROMIUM_PATH chooses another.
 */
export const JOURNEY_CHROMIUM = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

const packages = [
  [CHROMIUM, 'chromium'],
  [JOURNEY_CHROMIUM, 'chromium-headless-shell'],
];

export function ensureChromium() {
  const missing = packages.filter(([file]) => !fs.existsSync(file)).map(([, name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing. Install it with: sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} (apt-get) …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install =
    update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  if (!install || install.status !== 0 || packages.some(([file]) => !fs.existsSync(file))) {
    console.error(`Installing Chromium failed. Install it with: apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
}
