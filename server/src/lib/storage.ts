/**
 * Where uploaded files are kept: the local folder DATA_DIR/uploads (one server process, or processes
 * sharing that folder), or an S3-compatible bucket when `S3_BUCKET` is set (any number of processes).
 *
 * A file's key is `<kind>/<name>`, the part of its `/uploads/<kind>/<name>` url after the prefix, in
 * both stores: urls saved in the database do not say where the bytes are, so moving from the folder to
 * a bucket is copying the folder's kind subfolders into the bucket (`aws s3 sync DATA_DIR/uploads s3://bucket
 * --exclude 'tmp/*'`).
 * Bytes being received are always written to a local folder first (`tmpDir`): their type and size are
 * checked there before anything is kept.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';

/** The AWS SDK, loaded only when a bucket is configured: importing it is a tenth of a second of every start otherwise. */
type Sdk = typeof import('@aws-sdk/client-s3');

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself (the region's endpoint). */
  endpoint: string | null;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `bucket` in the path rather than the host name (MinIO, s3rver and most self-hosted stores need it). */
  forcePathStyle: boolean;
}

export interface Storage {
  /** Local folder where bytes wait while they are checked (never served). */
  readonly tmpDir: string;
  /**
   * Keep the checked file at `file` (in tmpDir) under `key`. The folder moves it there; the bucket sends it
   * and leaves `file` for the caller to remove. Answers where the bytes can be read locally afterwards.
   */
  putFile(key: string, file: string, mime: string): Promise<string>;
  putBytes(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** Size in bytes, or null when nothing is stored under `key`. */
  size(key: string): Promise<number | null>;
  /** Deletes `key`; nothing stored there is not an error. */
  remove(key: string): Promise<void>;
}

/** DATA_DIR/uploads/<kind>/<name>; the server serves the folder as it is (range requests, ETags). */
export class LocalStorage implements Storage {
  readonly root: string;
  readonly tmpDir: string;
  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'uploads');
    this.tmpDir = join(this.root, 'tmp');
  }

  async putFile(key: string, file: string): Promise<string> {
    const path = this.path(key);
    await mkdir(join(path, '..'), { recursive: true });
    await rename(file, path);
    return path;
  }

  async putBytes(key: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    // Written aside and renamed: a reader never sees half a file, and two writers of one name do not clash.
    const tmp = join(this.tmpDir, randomBytes(16).toString('hex'));
    await writeFile(tmp, bytes);
    await this.putFile(key, tmp);
  }

  async size(key: string): Promise<number | null> {
    const s = await stat(this.path(key)).catch(() => null);
    return s?.isFile() ? s.size : null;
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  private path(key: string): string {
    return join(this.root, key);
  }
}

export interface StoredObject {
  body: Readable;
  /** As stored with it (the sniffed type). */
  contentType: string;
  /** Bytes in `body`. */
  length: number;
  /** `bytes a-b/total` when a range was asked for and given. */
  contentRange: string | null;
}

const notFound = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** One bucket; the server streams its objects under the same `/uploads/...` urls. */
export class S3Storage implements Storage {
  private constructor(
    readonly config: S3Config,
    readonly tmpDir: string,
    private readonly sdk: Sdk,
    readonly client: S3Client,
  ) {}

  static async open(config: S3Config, tmpDir: string): Promise<S3Storage> {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: self-hosted stores do not all take the SDK's default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3Storage(config, tmpDir, sdk, client);
  }

  /** Fails the start when the bucket cannot be reached (wrong name, endpoint or keys) rather than the first upload. */
  async check(): Promise<void> {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      throw new Error(
        `S3 bucket ${this.config.bucket} at ${this.config.endpoint ?? `AWS ${this.config.region}`} is not usable (${status ?? (e as Error).message}); create it or fix the S3_* settings`,
      );
    }
  }

  async putFile(key: string, file: string, mime: string): Promise<string> {
    const { size } = await stat(file);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: mime,
      }),
    );
    return file;
  }

  async putBytes(key: string, bytes: Uint8Array, mime: string): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: bytes, ContentType: mime }),
    );
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  /** The object (or the asked `bytes=` range of it); null when there is none. */
  async read(key: string, range?: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: range }),
      );
      return {
        body: res.Body as Readable,
        contentType: res.ContentType ?? 'application/octet-stream',
        length: res.ContentLength ?? 0,
        contentRange: res.ContentRange ?? null,
      };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }
}

/** The store the config chooses: the bucket when `s3` is set, DATA_DIR/uploads otherwise. */
export async function openStorage(config: {
  dataDir: string;
  s3?: S3Config | null;
}): Promise<LocalStorage | S3Storage> {
  const local = new LocalStorage(config.dataDir);
  return config.s3 ? S3Storage.open(config.s3, local.tmpDir) : local;
}
