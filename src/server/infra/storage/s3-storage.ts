// The shared object store for several instances: any S3-compatible service (AWS S3, MinIO, R2…) through
// the official AWS SDK v3. Objects are written private (no ACL is ever sent, so the bucket's default,
// private, applies); browsers get images through the app's routes or a short-lived signed URL.
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, StorageObjectMissingError, type Storage } from './storage';
import type { Clock } from '#server/infra/clock';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** For services other than AWS, e.g. http://minio:9000. */
  endpoint?: string;
  /** Both or neither; neither means the SDK's default chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name; MinIO and s3rver need it. */
  forcePathStyle?: boolean;
  /** Objects above this size go up in parts of this size (S3's minimum part size is 5 MiB). */
  partSizeBytes?: number;
  /** The signing clock, so tests can issue an already expired URL without waiting. */
  now?: Clock;
};

const FIVE_MIB = 5 * 1024 * 1024;
const HEALTH_TIMEOUT_MS = 3000;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  json: 'application/json',
  pdf: 'application/pdf',
};
const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket, partSizeBytes = FIVE_MIB, now = () => new Date() } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Only send and check the new flexible checksums where S3 requires them: many S3-compatible
    // services (older MinIO, s3rver) reject the CRC32 trailers the SDK otherwise adds to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    async put(key, data) {
      // lib-storage sends one PutObject below partSize and a multipart upload above it, aborting the
      // multipart upload on failure so no orphaned parts are left to pay for.
      await new Upload({
        client,
        params: { Bucket: bucket, Key: assertSafeKey(key), Body: data, ContentType: contentTypeOf(key) },
        partSize: partSizeBytes,
        queueSize: 4,
        leavePartsOnError: false,
      }).done();
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: assertSafeKey(key) }));
        if (!object.Body) throw new StorageObjectMissingError(key);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) throw new StorageObjectMissingError(key);
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a missing key too, so a repeated delete is harmless.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: assertSafeKey(key) }));
    },
    async isHealthy() {
      try {
        // HeadBucket needs the bucket to exist and the credentials to reach it, without writing anything.
        await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
        return true;
      } catch {
        return false;
      }
    },
    describe: () => ({
      kind: 's3',
      location: `s3://${bucket}${options.endpoint ? ` at ${withoutUserInfo(options.endpoint)}` : ` in ${options.region}`}`,
    }),
    signedUrl: (key, seconds) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: assertSafeKey(key) }), { expiresIn: seconds, signingDate: now() }),
  };
}

function isMissing(error: unknown): boolean {
  if (error instanceof StorageObjectMissingError) return true;
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a configuration fault, not a missing image.
  return name === 'NoSuchKey' || (name !== 'NoSuchBucket' && $metadata?.httpStatusCode === 404);
}

/** The endpoint as shown to admins, without any user:password someone may have put in it. */
function withoutUserInfo(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    url.username = '';
    url.password = '';
    return url.origin + (url.pathname === '/' ? '' : url.pathname);
  } catch {
    return '(invalid endpoint)';
  }
}
