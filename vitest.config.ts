// Unit and integration tests. Tests that touch a database (tests/integration, and *.db.test.ts beside the
// code) run twice: on SQLite and on PostgreSQL. Every other test runs once, in the unit project.
// Without a PostgreSQL server the second half is skipped with one line, unless CI=true requires it.
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { isPostgresReachable, postgresAdminUrl } from './tests/helpers/postgres';

export default defineConfig(async () => {
  const postgresUp = await isPostgresReachable();
  if (!postgresUp) {
    const where = postgresAdminUrl().replace(/\/\/[^@]*@/, '//');
    if (process.env.CI === 'true') throw new Error(`PostgreSQL is required on CI but does not answer at ${where}`);
    console.warn(`PostgreSQL half SKIPPED: no server answers at ${where} (set TEST_POSTGRES_URL, or CI=true to require it).`);
  }
  const databaseTests = ['src/server/**/*.db.test.ts', 'tests/integration/**/*.test.ts'];
  // Each project extends the root config below, so its timeouts apply to all of them unless a project says otherwise.
  const projects: TestProjectConfiguration[] = [
    { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], exclude: ['src/**/*.db.test.ts', '**/node_modules/**'] } },
    { extends: true, test: { name: 'sqlite', include: databaseTests, env: { TEST_DB: 'sqlite' } } },
    // The real server as a child process, killed and restarted on a SQLite DATA_DIR; the fault logic is
    // the same on PostgreSQL, so once is enough.
    {
      extends: true,
      test: { name: 'faults', include: ['tests/faults/**/*.test.ts'], testTimeout: 90_000, hookTimeout: 60_000, fileParallelism: false },
    },
    // Two API instances and two render workers as child processes on PostgreSQL, Redis and s3rver
    // (tests/multi-instance); it skips itself without PostgreSQL or Redis.
    {
      extends: true,
      test: {
        name: 'multi-instance',
        include: ['tests/multi-instance/**/*.test.ts'],
        testTimeout: 120_000,
        hookTimeout: 180_000,
        fileParallelism: false,
      },
    },
    ...(postgresUp ? [{ extends: true as const, test: { name: 'postgres', include: databaseTests, env: { TEST_DB: 'postgres' } } }] : []),
  ];
  // tsconfigPaths: the #server/#shared/#web import aliases of tsconfig.json.
  return { resolve: { tsconfigPaths: true }, test: { testTimeout: 60_000, hookTimeout: 30_000, projects } };
});
