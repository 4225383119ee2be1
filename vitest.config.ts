import { defineConfig } from 'vitest/config';

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
          environment: 'node',
          // One database per test file (src/server/test/database.ts); tests isolate themselves by tenant.
          pool: 'forks',
          maxWorkers: 2,
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
