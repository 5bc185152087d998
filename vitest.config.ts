// Unit and integration tests. The server suite runs twice: on SQLite and on PostgreSQL.
// Without a PostgreSQL server the second half is skipped with one line, unless CI=true requires it.
import { defineConfig } from 'vitest/config';
import { isPostgresReachable, postgresAdminUrl } from './tests/helpers/postgres';

export default defineConfig(async () => {
  const postgresUp = await isPostgresReachable();
  if (!postgresUp) {
    const where = postgresAdminUrl().replace(/\/\/[^@]*@/, '//');
    if (process.env.CI === 'true') throw new Error(`PostgreSQL is required on CI but does not answer at ${where}`);
    console.warn(`PostgreSQL half SKIPPED: no server answers at ${where} (set TEST_POSTGRES_URL, or CI=true to require it).`);
  }
  const serverTests = ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'];
  return {
    test: {
      testTimeout: 60_000,
      hookTimeout: 30_000,
      // Each project extends this root config, so the timeouts above apply to all of them.
      projects: [
        { extends: true as const, test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'] } },
        { extends: true as const, test: { name: 'sqlite', include: serverTests, env: { TEST_DB: 'sqlite' } } },
        // The real server as a child process, killed and restarted on a SQLite DATA_DIR; the fault logic is
        // the same on PostgreSQL, so once is enough.
        { extends: true as const, test: { name: 'faults', include: ['tests/faults/**/*.test.ts'], testTimeout: 90_000, hookTimeout: 60_000, fileParallelism: false } },
        ...(postgresUp ? [{ extends: true as const, test: { name: 'postgres', include: serverTests, env: { TEST_DB: 'postgres' } } }] : []),
      ],
    },
  };
});
