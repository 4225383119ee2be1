import { defineConfig } from 'vitest/config';

/**
 * API test files that never touch the run's test database: they start servers on embedded
 * databases of their own, or test workers, parsers and patterns. The run on PostgreSQL
 * (TEST_DATABASE_URL) leaves them to the embedded run instead of repeating them unchanged.
 */
const independentOfTestDatabase = [
  'src/server/compiled-server.test.ts',
  'src/server/modules/machine-access/webhook-kill.test.ts',
  'src/server/modules/viewer/conversion-kill.test.ts',
  'src/server/modules/questionnaire/pattern-safety.test.ts',
  'src/server/platform/db/pglite-statements.test.ts',
  'src/server/platform/ifc/fragments-convert.test.ts',
  'src/server/platform/ifc/structure-runner.test.ts',
  'src/server/platform/workers/run-module.test.ts',
  'src/server/seed/demo.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'components',
          sequence: { groupOrder: 0 },
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/client/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['src/server/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? independentOfTestDatabase : [],
          environment: 'node',
          // One database per worker (src/server/test/database.ts); tests isolate themselves by tenant.
          pool: 'forks',
          maxWorkers: 2,
          // Memory tests collect garbage before they measure (a worker runs many files one after another).
          execArgv: ['--expose-gc'],
          // The server's modules are loaded once per worker, not once per test file (seconds each).
          // Test files share no state through them: each builds its own app on its own database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['src/server/test/setup.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
