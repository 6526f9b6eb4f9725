import { defineConfig } from 'vitest/config';

// Browser tests: one `npm start` for the run (global-setup), Debian's Chromium via playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A shared 2-core machine can take seconds to answer under load: polls wait up to 10 s for a
    // state that must come (never a timing assertion; a state that never comes still fails).
    expect: { poll: { timeout: 10_000 } },
  },
});
