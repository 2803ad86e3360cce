import { configDefaults, defineConfig } from 'vitest/config';
import { memoryOnlyTests } from './test/database-reach.ts';

// npm run test:pg sets CLEARLIST_TEST_SCOPE=database: the PostgreSQL run repeats the tests that
// reach a database and leaves out those that never open one (test/database-reach.ts).
const databaseOnly = process.env.CLEARLIST_TEST_SCOPE === 'database';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(databaseOnly ? memoryOnlyTests(import.meta.dirname) : [])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The run's sample templates: the sample lists imported once, copied into each test database that asks (test/sample-template.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
