// The stored images behind a set of uploads (the photo, its email copy, every render's result and
// preview), and their removal. Shared by account deletion and the retention purge.
import type { Db } from '#server/db/database';
import type { Storage } from '#server/infra/storage/storage';
import type { Log } from '#server/infra/log';

export async function storageKeysOfUploads(db: Db, uploadIds: string[]): Promise<string[]> {
  if (uploadIds.length === 0) return [];
  const [uploads, renders] = await Promise.all([
    db.selectFrom('uploads').select(['storage_key', 'email_copy_key']).where('id', 'in', uploadIds).execute(),
    db.selectFrom('renders').select(['result_key', 'preview_key']).where('upload_id', 'in', uploadIds).execute(),
  ]);
  const keys = [
    ...uploads.flatMap((row) => [row.storage_key, row.email_copy_key]),
    ...renders.flatMap((row) => [row.result_key, row.preview_key]),
  ];
  return [...new Set(keys.filter((key): key is string => Boolean(key)))];
}

/**
 * Deletes the objects, after the rows that pointed at them are gone. A failure is logged and counted,
 * never thrown: the rows are already deleted, so the object is unreachable and a retry cannot find it.
 */
export async function removeObjects(
  storage: Storage,
  keys: string[],
  log?: Pick<Log, 'warn'>,
): Promise<{ removed: number; failed: number }> {
  let removed = 0;
  let failed = 0;
  for (const key of keys) {
    try {
      await storage.delete(key);
      removed += 1;
    } catch (error) {
      failed += 1;
      log?.warn({ err: error, key }, 'stored object could not be removed');
    }
  }
  return { removed, failed };
}
