import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../server/src/lib/storage.js';

/** The env settings that point a server process at `config` (what an operator would set). */
export function s3Env(config: S3Config): Record<string, string> {
  return {
    S3_BUCKET: config.bucket,
    S3_ENDPOINT: config.endpoint ?? '',
    S3_REGION: config.region,
    S3_ACCESS_KEY_ID: config.credentials?.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: config.credentials?.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: String(config.forcePathStyle),
  };
}

/** An S3 emulator (s3rver) on a free port and a temp dir, with one empty bucket; `close` removes both. */
export async function startS3(bucket = 'uploads'): Promise<{ config: S3Config; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
