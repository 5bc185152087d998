// Runs a bench's PostgreSQL part in a database of its own, created for it and dropped after, when a
// server answers at 127.0.0.1:5432; otherwise says the part was skipped.
import { createTestDatabase, isPostgresReachable } from '../tests/helpers/postgres';

export async function onPostgres(label: string, run: (url: string) => Promise<void>): Promise<void> {
  if (!(await isPostgresReachable())) {
    process.stdout.write(`${label}, PostgreSQL: skipped (nothing answers at 127.0.0.1:5432)\n`);
    return;
  }
  const database = await createTestDatabase();
  try {
    await run(database.url);
  } finally {
    await database.drop();
  }
}
