import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Every spec file starts from freshly reset demo data (e2e/fixtures.ts), so files can run side by
// side when each worker has a server and database of its own: worker n talks to port + 10·n.
// E2E_WORKERS=1 runs everything against one server (e.g. while fixing a single journey).
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)));
const serverPort = (index: number) => port + 10 * index;
// Playwright sets TEST_PARALLEL_INDEX in each worker process before it reads this file.
const ownPort = serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // E2E_REPORT_JSON=<file> also writes each test's start and duration (for balancing the workers).
  reporter: process.env.E2E_REPORT_JSON
    ? [['list'], ['json', { outputFile: process.env.E2E_REPORT_JSON }]]
    : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${ownPort}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // As a user who asks for less motion: no transitions to wait for or to paint.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell of Chromium (decision 017); installing the app uses the full browser.
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node --enable-source-maps scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${serverPort(index)}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(serverPort(index)),
      HOST: '127.0.0.1',
      // A fresh in-memory database with the demo data for every run.
      DATA_DIR: 'memory://',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      E2E_RESET: 'true',
      CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/client',
      PUBLIC_URL: `http://127.0.0.1:${serverPort(index)}`,
    },
  })),
});
