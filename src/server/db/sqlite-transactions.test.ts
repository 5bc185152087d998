// SQLite transactions when another process writes the same file (a render worker, a script, the end-to-end
// tests' own fixtures): a transaction that has read must still be able to write and commit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';

let dir: string;
let handle: DatabaseHandle;
let otherProcess: SQLite.Database;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mw-sqlite-trx-'));
  const file = path.join(dir, 'app.db');
  handle = openDatabase({ kind: 'sqlite', file });
  await sql`create table counters (id integer primary key, n integer not null)`.execute(handle.db);
  await sql`insert into counters (id, n) values (1, 0)`.execute(handle.db);
  // A second connection to the file stands in for another process; it does not wait for locks.
  otherProcess = new SQLite(file);
  otherProcess.pragma('busy_timeout = 0');
});

afterEach(async () => {
  otherProcess.close();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const readCounter = async () => (await sql<{ n: number }>`select n from counters where id = 1`.execute(handle.db)).rows[0].n;

it('a transaction that has read keeps the right to write while another process tries to write', async () => {
  await handle.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ n: number }>`select n from counters where id = 1`.execute(trx);
    // Deferred, this write would commit and ours below would fail with SQLITE_BUSY (a stale snapshot).
    expect(() => otherProcess.prepare('update counters set n = n + 100 where id = 1').run()).toThrow(/locked|busy/i);
    await sql`update counters set n = ${rows[0].n + 1} where id = 1`.execute(trx);
  });
  expect(await readCounter()).toBe(1);
  // Once the transaction has committed, the other process writes as usual.
  otherProcess.prepare('update counters set n = n + 100 where id = 1').run();
  expect(await readCounter()).toBe(101);
});

it('a transaction rolled back by its work leaves the file as it was and unlocked', async () => {
  await expect(
    handle.db.transaction().execute(async (trx) => {
      await sql`update counters set n = 5 where id = 1`.execute(trx);
      throw new Error('the work failed');
    }),
  ).rejects.toThrow('the work failed');
  expect(await readCounter()).toBe(0);
  otherProcess.prepare('update counters set n = 7 where id = 1').run();
  expect(await readCounter()).toBe(7);
});
