import { configDefaults, defineConfig } from 'vitest/config';

// Several shop processes (and nginx) each: run on their own, one file at a time, after the API
// suite (`.ci/run`), not beside its files on a small machine. Skipped without PostgreSQL.
const clusterTests = [
  'apps/server/src/start-once.test.ts',
  'apps/server/src/nginx-cluster.test.ts',
  'apps/server/src/backup-restore.test.ts',
  'apps/server/src/login-merge.test.ts',
];

// One runner for every non-browser suite; `npm test` runs these projects, then the e2e config.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'messages',
          include: ['packages/messages/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'storefront',
          include: ['apps/storefront/app/**/*.test.ts', 'apps/storefront/scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'apps/api/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...clusterTests],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'cluster',
          include: clusterTests,
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
