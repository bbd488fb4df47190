import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * With TEST_DATABASE_URL the suite runs again on PostgreSQL. The lifecycle test starts the built
 * server on an embedded database of its own whatever that variable says, and the embedded
 * database's thread has tests of its own, so that second run would only repeat them.
 */
const embeddedOnly = process.env.TEST_DATABASE_URL
  ? ['src/lifecycle.test.ts', 'src/db/embedded.test.ts']
  : [];
/**
 * Several server processes share one database only on PostgreSQL: that test runs in its pass. So
 * do the tests of the planner's choices: production's planner is PostgreSQL's, and their generated
 * tables (20,000 orders and their lines) took the embedded database minutes of CPU to load.
 */
const postgresOnly = process.env.TEST_DATABASE_URL
  ? []
  : [
      'src/instances.test.ts',
      'src/db/database-loss.test.ts',
      'src/db/indexes.test.ts',
      'src/modules/orders/orders-search-plans.test.ts',
      'src/modules/stock/stock-search-plans.test.ts',
    ];

/**
 * Files that spend most of their time waiting on servers they start (their startup, a crash, a
 * claim running out) go first, so the other files run in those waits instead of after them.
 * Otherwise vitest starts the largest files first, and these would end the run on an idle machine.
 */
const WAITING_FILES = ['src/lifecycle.test.ts', 'src/instances.test.ts', 'src/db/embedded.test.ts'];

class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = WAITING_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? WAITING_FILES.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...embeddedOnly, ...postgresOnly],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    sequence: { sequencer: WaitingFirst },
  },
});
