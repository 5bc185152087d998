// Opens the database the config names (SQLite file by default, PostgreSQL when DATABASE_URL is set)
// and hands out two Kysely views of the same connection: one for app code, one for better-auth.
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Config } from '#server/config';
import { PortableValuesPlugin, type DatabaseKind } from './portable-values.plugin';
import { BOOLEAN_COLUMNS, type Database } from './schema';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  kind: DatabaseKind;
  /** App code: ISO-string timestamps and real booleans on both engines. */
  db: Db;
  /** better-auth's adapter does its own value conversions, so it gets the plain instance. */
  authDb: Kysely<Database>;
  close: () => Promise<void>;
};

/** int8 (COUNT, SUM) and numeric come back from pg as strings; our figures fit in a double. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

export function openDatabase(config: Config['database']): DatabaseHandle {
  const dialect =
    config.kind === 'sqlite'
      ? new ImmediateSqliteDialect({ database: openSqliteFile(config.file) })
      : new PostgresDialect({ pool: openPostgresPool(config.url) });
  const authDb = new Kysely<Database>({ dialect });
  const db = authDb.withPlugin(new PortableValuesPlugin(config.kind, BOOLEAN_COLUMNS));
  return { kind: config.kind, db, authDb, close: () => authDb.destroy() };
}

/**
 * SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE), not at their first write.
 * Another process may write the same file (a render worker, a CLI script, a backup restore). A deferred
 * transaction that has read and then writes after that process committed fails at once with SQLITE_BUSY
 * (its snapshot is stale, and busy_timeout cannot help); one that begins IMMEDIATE waits its turn at the
 * start instead, under busy_timeout. In this process Kysely's one connection runs one transaction at a time
 * anyway, so taking the lock early costs nothing here.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly driverConfig: SqliteDialectConfig) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.driverConfig);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function openPostgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes });
  // An idle connection the server closes (restart, failover, dropped database) must not crash the
  // process: the pool discards it and the next query opens a fresh one.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}

function openSqliteFile(file: string): SQLite.Database {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // Wait for a concurrent writer (another process, a backup) instead of failing at once.
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // 64 MB of page cache instead of SQLite's 2 MB: a batch that rescores thousands of leads dirties
  // pages all over the score indexes, and they must stay in memory until the commit writes each once.
  database.pragma('cache_size = -65536');
  return database;
}

/** Whether the database answers a trivial query (health checks and the admin's status tabs). */
export async function pingDatabase(db: Db): Promise<boolean> {
  return sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
}

/** How many rows a table holds. */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows per status of a table that has one (jobs, the mail outbox). */
export async function countByStatus(db: Db, table: 'jobs' | 'mail_outbox'): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom(table as 'jobs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
