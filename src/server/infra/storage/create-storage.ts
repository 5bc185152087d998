// Picks the storage adapter the configuration asks for: the local folder by default, S3 when S3_BUCKET is set.
import type { Config } from '#server/config';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type Storage } from './storage';

export function createStorageFromConfig(storage: Config['storage']): Storage {
  if (storage.kind === 'local') return createLocalStorage(storage.root);
  return createS3Storage(storage);
}
