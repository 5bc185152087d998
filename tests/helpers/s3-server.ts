// An S3 server for tests: s3rver in this process, on a random port, over a temporary folder, with a
// bucket created through the S3 API (CreateBucket), as an operator would before pointing the app at it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** The app's S3_* variables for this server. */
  env: Record<string, string>;
  /** Every request the server received, for tests that check how the adapter talks to S3. */
  requests: { method: string; url: string; headers: Record<string, string | string[] | undefined> }[];
  close: () => Promise<void>;
};

export async function startS3Server(bucket = 'metrowest-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'mw-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const requests: TestS3Server['requests'] = [];
  server.httpServer.on('request', (request: import('node:http').IncomingMessage) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    endpoint,
    bucket,
    requests,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
