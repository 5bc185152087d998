// One contract, two adapters: the same storage suite runs against the local folder and against an S3
// server (s3rver, in this process). The S3-only parts (multipart, signed URLs) follow at the end.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '#tests/helpers/s3-server';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, newStorageKey, StorageObjectMissingError, type Storage } from './storage';

let s3: TestS3Server;
let localRoot: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = await mkdtemp(path.join(tmpdir(), 'mw-storage-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(localRoot, { recursive: true, force: true });
});

const s3Options = () => ({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, ...S3RVER_CREDENTIALS });

const adapters: [string, () => Storage][] = [
  ['local folder', () => createLocalStorage(localRoot)],
  ['S3 (s3rver)', () => createS3Storage(s3Options())],
];

describe.each(adapters)('storage on the %s', (_name, create) => {
  it('puts, gets, overwrites and deletes an object', async () => {
    const storage = create();
    const key = newStorageKey('uploads', 'jpg');
    await storage.put(key, Buffer.from('first'));
    expect((await storage.get(key)).toString()).toBe('first');
    await storage.put(key, Buffer.from('second, longer'));
    expect((await storage.get(key)).toString()).toBe('second, longer');
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageObjectMissingError);
    // Deleting again is not an error: account deletion and the purge may both reach the same key.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('reports a missing key as StorageObjectMissingError', async () => {
    const missing = create().get('uploads/never-written/image.jpg');
    await expect(missing).rejects.toBeInstanceOf(StorageObjectMissingError);
    await expect(missing).rejects.toMatchObject({ key: 'uploads/never-written/image.jpg' });
  });

  it('rejects unsafe keys before touching anything', async () => {
    const storage = create();
    for (const key of [
      '../escape.jpg',
      'uploads/../../etc/passwd',
      '/absolute.jpg',
      '',
      'uploads//double.jpg',
      'spaces in key.jpg',
      `a${'b'.repeat(600)}`,
    ]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
    }
  });

  it('stores a large object (> 5 MB) byte for byte', async () => {
    const storage = create();
    const key = newStorageKey('exports', 'bin');
    const data = randomBytes(11 * 1024 * 1024);
    await storage.put(key, data);
    const back = await storage.get(key);
    expect(back.length).toBe(data.length);
    expect(back.equals(data)).toBe(true);
    await storage.delete(key);
  });

  it('is healthy, and describes itself without secrets', async () => {
    const storage = create();
    expect(await storage.isHealthy()).toBe(true);
    const description = storage.describe();
    expect(['local', 's3']).toContain(description.kind);
    expect(description.location).not.toContain(S3RVER_CREDENTIALS.secretAccessKey);
  });
});

describe('storage health when the store is unreachable', () => {
  it('is unhealthy on a local root that cannot be created', async () => {
    const file = path.join(localRoot, 'a-file');
    await writeFile(file, 'not a folder');
    expect(await createLocalStorage(path.join(file, 'files')).isHealthy()).toBe(false);
  });

  it('is unhealthy on a missing bucket or a closed port', async () => {
    expect(await createS3Storage({ ...s3Options(), bucket: 'no-such-bucket' }).isHealthy()).toBe(false);
    expect(await createS3Storage({ ...s3Options(), endpoint: 'http://127.0.0.1:1' }).isHealthy()).toBe(false);
  });
});

describe('S3-only behaviour', () => {
  it('describes the bucket and endpoint', () => {
    expect(createS3Storage(s3Options()).describe()).toEqual({ kind: 's3', location: `s3://${s3.bucket} at ${s3.endpoint}` });
    expect(createLocalStorage(localRoot).describe()).toEqual({ kind: 'local', location: localRoot });
    expect(createLocalStorage(localRoot).signedUrl).toBeUndefined();
  });

  it('sends objects above the part size as a multipart upload', async () => {
    const key = newStorageKey('exports', 'bin');
    const small = newStorageKey('uploads', 'jpg');
    const before = s3.requests.length;
    await createS3Storage(s3Options()).put(key, randomBytes(11 * 1024 * 1024));
    await createS3Storage(s3Options()).put(small, Buffer.from('small'));
    const sent = s3.requests.slice(before);
    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    client.destroy();
    expect(head.ContentLength).toBe(11 * 1024 * 1024);
    // 11 MiB in 5 MiB parts: CreateMultipartUpload, three UploadPart calls, CompleteMultipartUpload.
    const large = sent.filter((request) => request.url.includes(key));
    expect(large.filter((request) => request.method === 'POST' && request.url.includes('?uploads')).length).toBe(1);
    expect(large.filter((request) => request.method === 'PUT' && request.url.includes('partNumber=')).length).toBe(3);
    expect(large.filter((request) => request.method === 'POST' && request.url.includes('uploadId=')).length).toBe(1);
    // A small object is one PutObject.
    expect(sent.filter((request) => request.url.includes(small)).map((request) => request.method)).toEqual(['PUT']);
    // Nothing is ever sent public: no canned ACL on any write (the bucket default, private, applies).
    expect(sent.every((request) => request.headers['x-amz-acl'] === undefined)).toBe(true);
  });

  it('issues a signed GET URL that works until it expires', async () => {
    const storage = createS3Storage(s3Options());
    const key = newStorageKey('renders', 'jpg');
    await storage.put(key, Buffer.from('a private image'));

    const url = await storage.signedUrl!(key, 60);
    const fresh = await fetch(url);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toBe('a private image');
    expect(fresh.headers.get('content-type')).toBe('image/jpeg');

    // Signed two minutes ago for one minute: expired now, without waiting.
    const past = createS3Storage({ ...s3Options(), now: () => new Date(Date.now() - 120_000) });
    const expired = await fetch(await past.signedUrl!(key, 60));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });
});
