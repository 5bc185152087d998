// npm run backup [target.sqlite]: a consistent online backup of the SQLite database while the server runs,
// plus a copy of the local files folder beside it. PostgreSQL and S3 are backed up with their own tools
// (README, "Backups").
import { chmod, copyFile, cp, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '#server/config';

export type BackupResult = {
  database: string;
  files: string | null;
  secret: string | null;
  leads: number;
  bytes: number;
  fileCount: number;
};

/**
 * SQLite's online backup API copies the pages of one consistent snapshot: a write by the running server
 * while it copies makes it start over from a fresh snapshot, so the result never mixes two states.
 * The files are copied after the database, and the app writes a file before the row that names it, so
 * every image a backed-up row points to is in the copy.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<BackupResult> {
  const source = new SQLite(path.join(dataDir, 'app.db'), { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await mkdir(path.dirname(target), { recursive: true });
    await source.backup(target);
  } finally {
    source.close();
  }
  const copy = new SQLite(target, { readonly: true });
  let leads: number;
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The backup at ${target} fails its integrity check: ${String(check)}`);
    leads = copy.prepare('select count(*) from leads').pluck().get() as number;
  } finally {
    copy.close();
  }

  const base = target.replace(/\.sqlite$/, '');
  const filesSource = path.join(dataDir, 'files');
  const filesTarget = `${base}.files`;
  let fileCount = 0;
  const hasFiles = await stat(filesSource).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (hasFiles) {
    // Half-written images (the storage's *.tmp files) are not part of any committed state.
    await cp(filesSource, filesTarget, { recursive: true, filter: (file) => !file.endsWith('.tmp') });
    fileCount = (await readdir(filesTarget, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
  }
  // The generated AUTH_SECRET signs sessions and the unsubscribe links in mail already sent: a restore
  // without it would sign everyone out and break those links. (When AUTH_SECRET is set, the operator keeps it.)
  const secretSource = path.join(dataDir, 'auth-secret');
  const hasSecret = await stat(secretSource).then(
    (info) => info.isFile(),
    () => false,
  );
  if (hasSecret) {
    await copyFile(secretSource, `${base}.auth-secret`);
    await chmod(`${base}.auth-secret`, 0o600);
  }
  return {
    database: target,
    files: hasFiles ? filesTarget : null,
    secret: hasSecret ? `${base}.auth-secret` : null,
    leads,
    bytes: (await stat(target)).size,
    fileCount,
  };
}

async function main() {
  const config = loadConfig();
  if (config.database.kind !== 'sqlite') {
    console.error('DATABASE_URL points at PostgreSQL: back it up with pg_dump -Fc (see README, "Backups").');
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `${stamp}.sqlite`));
  const result = await backupSqlite(config.dataDir, target);
  console.warn(`database: ${result.database} (${(result.bytes / 1024 / 1024).toFixed(1)} MB, integrity ok, ${result.leads} leads)`);
  console.warn(result.files ? `files:    ${result.files} (${result.fileCount} files)` : 'files:    none (no DATA_DIR/files folder)');
  if (result.secret) console.warn(`secret:   ${result.secret} (DATA_DIR/auth-secret; keep it as private as the database)`);
  console.warn(`restore:  stop the server, copy these to DATA_DIR as app.db, files/ and auth-secret, start it`);
}

// Run as a script, not when a test imports backupSqlite.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
