// The storage settings: the local folder by default, S3 when S3_BUCKET is set, and bad values refused at start.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { createStorageFromConfig } from './create-storage';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mw-storage-config-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('storage configuration', () => {
  it('uses DATA_DIR/files and a 30-day retention by default', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.storage).toEqual({ kind: 'local', root: path.join(dataDir, 'files') });
    expect(config.uploadRetentionDays).toBe(30);
    expect(createStorageFromConfig(config.storage).describe()).toEqual({ kind: 'local', location: path.join(dataDir, 'files') });
  });

  it('selects S3 when S3_BUCKET is set, and describes it without the secret', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'metrowest',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'very-secret',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_RETENTION_DAYS: '7',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'metrowest',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'key',
      secretAccessKey: 'very-secret',
      forcePathStyle: true,
    });
    expect(config.uploadRetentionDays).toBe(7);
    const description = createStorageFromConfig(config.storage).describe();
    expect(description).toEqual({ kind: 's3', location: 's3://metrowest at http://minio:9000' });
    expect(JSON.stringify(description)).not.toContain('very-secret');
  });

  it('refuses half-set credentials, a bad bucket name or retention', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'metrowest', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET must be a valid bucket name/);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(() => loadConfig({ DATA_DIR: dataDir, UPLOAD_RETENTION_DAYS: '0' })).toThrow(/UPLOAD_RETENTION_DAYS must be at least 1/);
  });
});
