// `npm test`: unit and API tests (vitest), then the browser journeys (Playwright).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/build-client.mjs';
import { ensureChromium } from './lib/chromium.mjs';

ensureChromium();
const steps = [
  ['unit + API', [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run']],
  ['end-to-end', [path.join(root, 'scripts/e2e.mjs')]],
];
let failed = 0;
for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.error(`✖ ${name} failed`);
  }
}
process.exit(failed ? 1 : 0);
