import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time, one per core of the 2-core machine the suites run on (vitest's own
    // default there is one). Measured on the whole run: one worker 584 s; two workers 279-336 s
    // (three shuffled runs, other work on the machine at a load of about 4). The server project alone,
    // back to back while other work came and went (load 7 to 15): three workers 976 s with three tests
    // timing out, two workers 241 s; CPU time the same (373 s and 366 s of user time): PGlite, jsdom
    // and the engine statistics are CPU-bound, so a third worker only shares the two cores.
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
          // Pure machines and scripts, no module state: the files share their workers' imports (measured on
          // this project: 29-32 s isolated, 23 s shared). The web project keeps isolation (the React tree,
          // jsdom and the app's module-level actors).
          isolate: false,
        },
      },
      {
        // The catalogs come from the compiled files on disk, not from a server (src/test/catalog-files.ts).
        resolve: { alias: [{ find: /^\.\/catalog-files\.ts$/, replacement: path.resolve(import.meta.dirname, 'src/test/catalog-files.ts') }] },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // Several waits of up to 10 s each (src/test/setup.ts) fit in one test.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['./server/test/global-setup.ts'],
          // Each file opens databases of its own (copies of one template) and the server keeps no state
          // in its modules that a file could leave behind (what a test changes in process.env or a
          // module's random source it puts back), so the files share their workers' imports (Fastify,
          // Drizzle, PGlite's WebAssembly). Measured on this project: 227 s wall and 409 s of CPU
          // isolated, 210 s and 350 s shared.
          isolate: false,
          // A timeout catches a hang, not slowness: the CPU-bound tests (engine statistics, captcha
          // readers, processes) take up to 13 s on a quiet machine and three times that on a busy one.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
