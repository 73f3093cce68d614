import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { bucketCorsXml } from '../storage/bucket-cors';
import type { S3Settings } from '../storage/storage-config';

/**
 * A real S3-protocol server (s3rver) on a free loopback port, with one empty bucket, in a
 * temporary folder removed on close. Path-style addressing and the S3RVER/S3RVER
 * credentials are what s3rver expects.
 */
export interface S3TestServer {
  settings: S3Settings;
  close(): Promise<void>;
}

export const S3_TEST_BUCKET = 'yaoshi-test';

export async function startS3TestServer(
  overrides: Partial<S3Settings> = {},
  /** Pages at these origins may read the bucket's objects from script (CORS). */
  corsOrigins: readonly string[] = [],
): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'yaoshi-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET, configs: corsOrigins.length > 0 ? [bucketCorsXml(corsOrigins)] : [] }],
  });
  // @types/s3rver types run() loosely where deploy hoists s3rver itself: it answers the bound address.
  const address = (await server.run()) as { port: number };
  return {
    settings: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket: S3_TEST_BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicBaseUrl: undefined,
      forcePathStyle: true,
      ...overrides,
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
