// Types for s3rver, which ships none: only what the tests' S3 server uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  type S3rverOptions = {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: Buffer[] }[];
  };
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer: import('node:http').Server;
  }
}
