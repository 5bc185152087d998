// npm run backup against a running server while leads keep being written: the backup holds every lead
// committed before it began, is one consistent snapshot, and a server started on the restored copy has them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { call, openDataDb, signUpOver, startServer, type ServerProcess } from './server-process';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function runBackup(dataDir: string, target: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', target], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('npm run backup', () => {
  it('copies every committed lead and the files while the server runs and leads keep arriving', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mw-backup-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let running: ServerProcess | null = await startServer(dataDir);
    cleanups.push(async () => void (await running?.stop('SIGKILL')));
    const token = await signUpOver(running, 'backed-up@example.com');
    const upload = await call(
      `${running.url}/api/uploads`,
      'POST',
      token,
      await readFile(path.resolve('../shared/fixtures/rooms/kitchen_1.jpg')),
    );
    const uploadId = (upload.json.upload as { id: string }).id;

    // A writer beside the server: one lead per turn of the event loop, numbered in commit order.
    const db = openDataDb(dataDir);
    cleanups.push(async () => void db.close());
    const insert = db.prepare("insert into leads (id, email, zip, room_type, style) values (?, ?, '01701', 'kitchen', 'Farmhouse Chic')");
    let written = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        written += 1;
        insert.run(`lead-${String(written).padStart(6, '0')}`, `owner-${written}@example.com`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (written < 500) await new Promise((resolve) => setTimeout(resolve, 10));

    const committedBefore = written;
    const target = path.join(dataDir, 'backups', 'test.sqlite');
    const startedAt = performance.now();
    const backup = await runBackup(dataDir, target);
    const backupMs = Math.round(performance.now() - startedAt);
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`database: ${target}`);
    expect(backup.output).toContain('integrity ok');
    console.warn(`backup: ${committedBefore} leads before it began, ${written} by the end; took ${backupMs} ms (process start included)`);

    const copy = new SQLite(target, { readonly: true });
    const ids = copy.prepare("select id from leads where id like 'lead-%' order by id").pluck().all() as string[];
    copy.close();
    // Every lead committed before the backup began, and a snapshot: leads 1..n with no gap.
    expect(ids.length).toBeGreaterThanOrEqual(committedBefore);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, index) => `lead-${String(index + 1).padStart(6, '0')}`));
    expect((await stat(path.join(dataDir, 'backups', 'test.files', 'uploads', uploadId, 'image.jpg'))).size).toBeGreaterThan(0);

    // Restore: the backup becomes app.db of a new DATA_DIR, the files folder beside it, and a server starts on it.
    await running.stop('SIGTERM');
    running = null;
    const restored = await mkdtemp(path.join(tmpdir(), 'mw-restored-'));
    cleanups.push(() => rm(restored, { recursive: true, force: true }));
    await copyFile(target, path.join(restored, 'app.db'));
    await cp(path.join(dataDir, 'backups', 'test.files'), path.join(restored, 'files'), { recursive: true });
    await copyFile(path.join(dataDir, 'backups', 'test.auth-secret'), path.join(restored, 'auth-secret'));
    running = await startServer(restored);
    // The homeowner's session from before the backup still works, and their photo is there.
    const image = await fetch(`${running.url}/api/uploads/${uploadId}/image`, { headers: { authorization: `Bearer ${token}` } });
    expect(image.status).toBe(200);
    const restoredDb = openDataDb(restored);
    expect(restoredDb.prepare("select count(*) from leads where id like 'lead-%'").pluck().get()).toBe(ids.length);
    restoredDb.close();
  }, 90_000);
});
