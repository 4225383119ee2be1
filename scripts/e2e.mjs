// Runs the Playwright journeys in Debian's Chromium against a freshly seeded server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildClientIfStale, root } from './lib/build-client.mjs';
import { ensureChromium } from './lib/chromium.mjs';

ensureChromium();
// The journeys' build: precompressed at a low level (see compress-client.mjs).
buildClientIfStale({ compression: 'fast' });
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
