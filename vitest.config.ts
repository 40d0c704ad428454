import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'machines',
          environment: 'node',
          include: ['machines/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The coverage checks replay every generated path of a machine in one test (under a second
          // alone, several on a loaded machine with the other files running beside them).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // Several waits of up to 4 s each (src/test/setup.ts) fit in one test.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['./server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
