import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Component tests live next to the code; e2e/ holds Playwright specs, run by `npm run e2e`.
const testFiles = 'src/**/*.test.{ts,tsx}';

/**
 * Test files that change what the next file in the same worker would find: module mocks
 * (`vi.mock`, `vi.doMock`, which replace a module for whoever imports it afterwards) and
 * `fake-indexeddb/auto` (an IndexedDB the other files do not have). Each runs in a fresh
 * worker of its own, as every file did before; found by reading the files, so that a new one
 * is never forgotten.
 */
const isolatedFiles = globSync(testFiles, { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.(?:mock|doMock)\(|['"]fake-indexeddb\/auto['"]/.test(
    readFileSync(join(import.meta.dirname, file), 'utf8'),
  ),
);

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // fresh-modules.ts first: each file evaluates the app's modules anew, setup.ts included.
      setupFiles: ['./src/test/fresh-modules.ts', './src/test/setup.ts'],
      // A test may wait several times for Testing Library's 5 s (setup.ts): a page's first
      // visit in a file transforms its lazily loaded modules, slow on a busy machine.
      testTimeout: 15_000,
      // A global a test stubbed (vi.stubGlobal) is given back before the next test, the next
      // file's included.
      unstubGlobals: true,
      // The machine running the test command has 2 cores.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            // The other files share their workers and jsdom's window, which starting anew for
            // every file cost most of the run: the app's modules are still evaluated anew for
            // each file (fresh-modules.ts), and setup.ts leaves the page, the storages and the
            // cookies empty after each test.
            name: 'shared',
            include: [testFiles],
            exclude: [...configDefaults.exclude, ...isolatedFiles],
            isolate: false,
          },
        },
        {
          extends: true,
          test: { name: 'isolated', include: isolatedFiles, isolate: true },
        },
      ],
    },
  }),
);
