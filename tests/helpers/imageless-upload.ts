// An upload row with no image behind it, for tests and benches that need many renders (which must name an
// upload) but never read a photo. Returns its id.
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/database';

export async function insertImagelessUpload(db: Db): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('uploads')
    .values({
      id,
      storage_key: 'x',
      email_copy_key: 'y',
      original_format: 'jpeg',
      original_size: 1,
      processed_size: 1,
      original_width: 1,
      original_height: 1,
      width: 1,
      height: 1,
    })
    .execute();
  return id;
}
