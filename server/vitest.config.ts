import { configDefaults, defineConfig } from 'vitest/config';

/**
 * With TEST_DATABASE_URL the suite runs again on PostgreSQL. The lifecycle test starts the built
 * server on an embedded database of its own whatever that variable says, and the embedded
 * database's thread has tests of its own, so that second run would only repeat them.
 */
const embeddedOnly = process.env.TEST_DATABASE_URL
  ? ['src/lifecycle.test.ts', 'src/db/embedded.test.ts']
  : [];
/** Several server processes share one database only on PostgreSQL: that test runs in its pass. */
const postgresOnly = process.env.TEST_DATABASE_URL ? [] : ['src/instances.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...embeddedOnly, ...postgresOnly],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
  },
});
