// Stores a homeowner's photo: normalised by the server (type by content, size and pixel caps, EXIF
// orientation, ≤1920 px JPEG and a ≤1000×1000 email copy), then written to storage and recorded.
import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '#shared/api';
import type { Db } from '#server/db/database';
import type { Storage } from '#server/infra/storage/storage';
import { normaliseUpload } from './image-normaliser';
import { insertUpload, type UploadRow } from './uploads.repository';
import type { StoredUpload } from '#shared/upload.schema';

export type { StoredUpload };

export async function storeUpload(
  deps: { db: Db; storage: Storage },
  user: CurrentUser,
  data: Buffer,
  filename: string | null,
): Promise<StoredUpload> {
  const normalised = await normaliseUpload(data);
  const id = randomUUID();
  const storageKey = `uploads/${id}/image.jpg`;
  const emailCopyKey = `uploads/${id}/email.jpg`;
  await deps.storage.put(storageKey, normalised.image);
  await deps.storage.put(emailCopyKey, normalised.emailCopy);
  await insertUpload(deps.db, {
    id,
    user_id: user.id,
    storage_key: storageKey,
    email_copy_key: emailCopyKey,
    original_filename: filename?.slice(0, 255) ?? null,
    original_format: normalised.originalFormat,
    original_size: normalised.originalSize,
    processed_size: normalised.processedSize,
    original_width: normalised.originalDimensions.width,
    original_height: normalised.originalDimensions.height,
    width: normalised.processedDimensions.width,
    height: normalised.processedDimensions.height,
  });
  return {
    id,
    imageUrl: `/api/uploads/${id}/image`,
    originalSize: normalised.originalSize,
    processedSize: normalised.processedSize,
    originalDimensions: normalised.originalDimensions,
    processedDimensions: normalised.processedDimensions,
    format: 'jpeg',
  };
}

/** What the API says about a stored upload. */
export function toStoredUpload(row: UploadRow): StoredUpload {
  return {
    id: row.id,
    imageUrl: `/api/uploads/${row.id}/image`,
    originalSize: row.original_size,
    processedSize: row.processed_size,
    originalDimensions: { width: row.original_width, height: row.original_height },
    processedDimensions: { width: row.width, height: row.height },
    format: 'jpeg',
  };
}
