// An upload row with no image behind it, for tests and benches that need many renders (which must name an
// upload) but never read a photo; and a finished render of it, for those that need many leads (which must name a
// render). Each returns the new row's id.
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

export async function insertImagelessRender(db: Db): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('renders')
    .values({
      id,
      upload_id: await insertImagelessUpload(db),
      room_type: 'kitchen',
      engine: 'structural-design-ai',
      seed: 1,
      status: 'succeeded',
      result_key: 'z',
    })
    .execute();
  return id;
}
