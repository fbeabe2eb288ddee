import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      // Component tests live next to the code; e2e/ holds Playwright specs, run by `npm run e2e`.
      include: ['src/**/*.test.{ts,tsx}'],
      // A test may wait several times for Testing Library's 5 s (setup.ts): a page's first
      // visit in a file transforms its lazily loaded modules, slow on a busy machine.
      testTimeout: 15_000,
    },
  }),
);
