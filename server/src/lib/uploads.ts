/**
 * File uploads: multipart parsing, type sniffing, limits, storage, read-only serving.
 *
 * API
 * - `uploadsPlugin` — registered once in app.ts with the app's `Storage` (lib/storage.ts: the folder
 *   DATA_DIR/uploads, or an S3 bucket when configured; decorated as `app.storage`): @fastify/multipart +
 *   `GET /uploads/<kind>/<name>` (read-only, public: the stored names are 128-bit random, so a URL is only
 *   known to whoever got it back). The folder is served as files; a bucket's objects are streamed through.
 * - `withUpload(request, { field: 'file', kinds: ['image'] }, fn)`: reads every part of a multipart
 *   request; text fields land in `fields` (strings), the ONE file part named `field` is streamed to a local
 *   temporary file, its type sniffed from the content (`file-type`, never the name or the client's content
 *   type), checked against the allowed kinds and their size limits, and stored under `<kind>/<random>.<ext>`;
 *   then `fn({ fields, file })` runs with `file` = `{ kind, mime, ext, size, originalName, url, path }`,
 *   `url` = `/uploads/<kind>/<name>` (what to store in the database), `path` a local copy of the bytes
 *   readable until `fn` returns. If `fn` throws (404 scope check, 409, …) the stored file is removed again,
 *   so rejected requests leave nothing behind.
 * - `withUploads(request, { files: { photos: 5, file: 1 }, max: 5, kinds: ['image'], optional: true }, fn)`: the
 *   same for several files, each field with its own count (`optional`: no file at all is taken too); every file
 *   is checked before any is stored, so one refused file keeps none. `fn({ fields, files })`, `files` each a
 *   stored file with its `field`, in the order sent; all removed again if `fn` throws.
 * - `removeStored(storage, url)` — delete a stored file by its `/uploads/...` url (after its row is deleted).
 * - `storeFile(storage, bytes, { kinds, originalName, name? })` — store bytes made on the server (the demo
 *   seed's pictures) the way an upload is stored: sniffed, checked against the kinds, same keys and url.
 * - `storedKey(url)` — the storage key of one of our `/uploads/...` urls, or null.
 * - `UPLOAD_LIMITS` — the kinds: image jpeg/png/webp ≤ 5 MB, video mp4 ≤ 100 MB, audio mp3/m4a ≤ 20 MB,
 *   document pdf ≤ 10 MB.
 * Errors (`{status, message, errors:[{field, message}]}`): 400 not multipart / no file / a second file (more
 * than a field's count, or than `max`) / text sent under a file field's name,
 * 413 too large (names the field and the limit), 415 type not allowed or content not a known type.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError, HttpError } from './errors.js';
import { checkMultipartFields } from './validation.js';
import { imageSize } from 'image-size';
import { LocalStorage, type S3Storage, type Storage } from './storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are kept (lib/storage.ts). */
    storage: Storage;
  }
}

export type UploadKind = 'image' | 'video' | 'audio' | 'document';

const MB = 1024 * 1024;

export const UPLOAD_LIMITS: Record<UploadKind, { maxBytes: number; mimes: Record<string, string>; words: string }> = {
  image: {
    maxBytes: 5 * MB,
    mimes: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' },
    words: 'a JPEG, PNG or WebP image',
  },
  video: { maxBytes: 100 * MB, mimes: { 'video/mp4': 'mp4' }, words: 'an MP4 video' },
  // file-type reports M4A as audio/x-m4a (or audio/mp4 for some brands).
  audio: {
    maxBytes: 20 * MB,
    mimes: { 'audio/mpeg': 'mp3', 'audio/x-m4a': 'm4a', 'audio/mp4': 'm4a' },
    words: 'an MP3 or M4A audio file',
  },
  document: { maxBytes: 10 * MB, mimes: { 'application/pdf': 'pdf' }, words: 'a PDF document' },
};

export interface StoredFile {
  kind: UploadKind;
  mime: string;
  ext: string;
  size: number;
  originalName: string;
  url: string;
  /** A local copy of the bytes (the stored file itself in the folder store), readable until `withUpload`'s `fn` returns. */
  path: string;
}

export interface UploadOptions {
  /** Name of the file field (default `file`). */
  field?: string;
  kinds: UploadKind[];
}

export interface Upload {
  fields: Record<string, string>;
  file: StoredFile;
}

export interface UploadsOptions {
  /** The file fields taken, each with how many files it may carry: `{ photos: 5, file: 1 }`. */
  files: Record<string, number>;
  kinds: UploadKind[];
  /** At most this many files in all (default: the sum of `files`). */
  max?: number;
  /** A request without any file is taken too (default: one file is required). */
  optional?: boolean;
}

/** A stored file and the field it came in. */
export interface StoredPart extends StoredFile {
  field: string;
}

export interface Uploads {
  fields: Record<string, string>;
  /** In the order they were sent. */
  files: StoredPart[];
}

/** Where the folder store keeps files: DATA_DIR/uploads. */
export function uploadsDir(dataDir: string): string {
  return resolve(dataDir, 'uploads');
}

const mb = (n: number) => `${Math.round(n / MB)} MB`;
const err = (status: number, field: string, message: string) => new HttpError(status, message, [{ field, message }]);

export const uploadsPlugin = fp(
  async (app: FastifyInstance, opts: { storage: Storage }) => {
    const storage = opts.storage;
    app.decorate('storage', storage);
    await mkdir(storage.tmpDir, { recursive: true });
    // The hard ceiling is the largest kind; each call enforces its own kinds' limits while streaming.
    await app.register(multipart, {
      limits: { fileSize: 100 * MB + 1, files: 2, fields: 20, fieldSize: 64 * 1024, parts: 25 },
    });
    if (!(storage instanceof LocalStorage)) {
      await app.register(bucketServing, { storage: storage as S3Storage });
      return;
    }
    await Promise.all(
      (['image', 'video', 'audio', 'document'] as const).map((k) => mkdir(join(storage.root, k), { recursive: true })),
    );
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      allowedPath: (path) => !path.startsWith('/tmp/'),
    });
  },
  { name: 'uploads' },
);

/**
 * `GET /uploads/<kind>/<name>` from the bucket, streamed: the stored content type and byte ranges (video
 * seeking) passed on to the store. `nosniff`, the sandbox and a year's caching come from lib/delivery.ts, as
 * for the folder.
 */
const bucketServing = async (app: FastifyInstance, opts: { storage: S3Storage }) => {
  const storage = opts.storage;
  app.get<{ Params: { kind: string; name: string } }>(
    '/uploads/:kind/:name',
    { schema: { hide: true } },
    async (req, reply) => {
      const key = storedKey(`/uploads/${req.params.kind}/${req.params.name}`);
      const range = req.headers.range;
      if (range !== undefined && !/^bytes=\d*-\d*$/.test(range))
        throw new HttpError(416, 'The range is not one this server serves');
      const object =
        key &&
        (await storage.read(key, range).catch((e: unknown) => {
          if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416)
            throw new HttpError(416, 'The range is outside the file');
          throw e;
        }));
      if (!object) throw new HttpError(404, 'Not found');
      reply
        .header('content-type', object.contentType)
        .header('content-length', object.length)
        .header('accept-ranges', 'bytes');
      if (object.contentRange) reply.code(206).header('content-range', object.contentRange);
      return reply.send(object.body);
    },
  );
};

/** Counts bytes and stops the stream as soon as `max` is passed (no 100 MB buffered for a 5 MB limit). */
function sizeGuard(max: number, onTooLarge: () => Error) {
  let n = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      n += chunk.length;
      if (n > max) return cb(onTooLarge());
      cb(null, chunk);
    },
  });
  return { stream: t, size: () => n };
}

async function readHead(path: string): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(4100);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** A file part received into tmpDir, not yet checked. */
interface Received {
  field: string;
  tmp: string;
  size: number;
  originalName: string;
}

/**
 * Read every part of a multipart request: text fields into `fields`, each file part of one of `opts.files` to
 * a temporary file (at most its count per field, `opts.max` in all). Then check the fields and every file (type
 * sniffed, size), and only when all pass store them: a refused file leaves nothing stored, its siblings neither.
 */
async function receiveUploads(request: FastifyRequest, opts: UploadsOptions): Promise<Uploads> {
  const names = Object.keys(opts.files);
  const first = names[0];
  const many = names.length > 1 || opts.files[first] > 1;
  const total = opts.max ?? names.reduce((n, k) => n + opts.files[k], 0);
  const storage = request.server.storage;
  if (!request.isMultipart()) throw err(400, first, `Send the ${names.join(' or ')} as multipart/form-data`);
  const max = Math.max(...opts.kinds.map((k) => UPLOAD_LIMITS[k].maxBytes));
  const allowed = opts.kinds.map((k) => UPLOAD_LIMITS[k].words).join(' or ');
  const fields: Record<string, string> = {};
  const received: Received[] = [];
  const dropTmp = () => Promise.all(received.map((r) => rm(r.tmp, { force: true })));
  let current = first;
  try {
    // One file more than allowed is let through to be refused here, naming its field.
    for await (const part of request.parts({ limits: { files: total + 1 } })) {
      if (part.type === 'field') {
        if (Object.hasOwn(opts.files, part.fieldname))
          throw err(400, part.fieldname, `${part.fieldname} must be a file: attach it as a file, not as text`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const field = part.fieldname;
      if (!Object.hasOwn(opts.files, field)) {
        part.file.resume();
        throw err(
          400,
          field,
          `Unexpected file field ${field}; send the ${many ? 'files' : 'file'} as ${names.join(' or ')}`,
        );
      }
      const count = received.filter((r) => r.field === field).length;
      if (count >= opts.files[field]) {
        part.file.resume();
        const n = opts.files[field];
        throw err(400, field, n === 1 ? `Send only one file in ${field}` : `Send at most ${n} files in ${field}`);
      }
      if (received.length >= total) {
        part.file.resume();
        throw err(400, field, `Send at most ${total} files in all (${names.join(' and ')})`);
      }
      current = field;
      // A name is kept as the original's label: no NUL (PostgreSQL text cannot hold it), 255 characters.
      const originalName = (part.filename || '').replaceAll('\u0000', '').slice(0, 255);
      const r: Received = { field, tmp: join(storage.tmpDir, randomBytes(16).toString('hex')), size: 0, originalName };
      received.push(r);
      const guard = sizeGuard(max, () => err(413, field, `${field} is too large: the limit is ${mb(max)}`));
      await pipeline(part.file, guard.stream, createWriteStream(r.tmp));
      r.size = guard.size();
    }
  } catch (e) {
    await dropTmp();
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw err(413, current, `${current} is too large: the limit is ${mb(max)}`);
    if (code?.startsWith('FST_')) throw err(400, current, `The upload could not be read: ${(e as Error).message}`);
    throw e;
  }
  if (!received.length && !opts.optional) throw err(400, first, `${first} is required: attach a file`);
  const stored: StoredPart[] = [];
  try {
    checkMultipartFields(request, fields);
    const checked: { r: Received; kind: UploadKind; mime: string }[] = [];
    for (const r of received) {
      // Of several files, the refused one is named by its file name as well.
      const label = opts.files[r.field] > 1 && r.originalName ? `${r.field} (${r.originalName})` : r.field;
      if (r.size === 0) throw err(400, r.field, `${label} is empty`);
      const type = await fileTypeFromBuffer(await readHead(r.tmp));
      const kind = type && opts.kinds.find((k) => UPLOAD_LIMITS[k].mimes[type.mime]);
      if (!type || !kind) {
        const what = type ? `its content is ${type.mime}` : 'its content is not a recognised file type';
        throw err(415, r.field, `${label} must be ${allowed}; ${what}`);
      }
      const limit = UPLOAD_LIMITS[kind].maxBytes;
      if (r.size > limit) throw err(413, r.field, `${label} is too large: ${kind} files may be at most ${mb(limit)}`);
      checked.push({ r, kind, mime: type.mime });
    }
    for (const { r, kind, mime } of checked) {
      const ext = UPLOAD_LIMITS[kind].mimes[mime];
      const key = `${kind}/${randomBytes(16).toString('hex')}.${ext}`;
      const path = await storage.putFile(key, r.tmp, mime);
      const { field, size, originalName } = r;
      stored.push({ field, kind, mime, ext, size, originalName, url: `/uploads/${key}`, path });
    }
    return { fields, files: stored };
  } catch (e) {
    await dropTmp();
    await discard(storage, stored);
    await dropCopies(storage, stored);
    throw e;
  }
}

/** Remove stored files again: a refused request keeps none. */
async function discard(storage: Storage, files: StoredPart[]): Promise<void> {
  await Promise.all(files.map((f) => storage.remove(storedKey(f.url)!)));
}

/** The bucket was sent a copy of each file: the local one was only for the request. */
async function dropCopies(storage: Storage, files: StoredPart[]): Promise<void> {
  if (!(storage instanceof LocalStorage)) await Promise.all(files.map((f) => rm(f.path, { force: true })));
}

/** Receive, run `fn`, and remove the stored file again when `fn` fails. */
export async function withUpload<T>(
  request: FastifyRequest,
  opts: UploadOptions,
  fn: (u: Upload) => Promise<T>,
): Promise<T> {
  return withUploads(request, { files: { [opts.field ?? 'file']: 1 }, kinds: opts.kinds }, ({ fields, files }) => {
    const { field: _field, ...file } = files[0];
    return fn({ fields, file });
  });
}

/** Receive several files (all checked before any is stored), run `fn`, and remove every stored file when `fn` fails. */
export async function withUploads<T>(
  request: FastifyRequest,
  opts: UploadsOptions,
  fn: (u: Uploads) => Promise<T>,
): Promise<T> {
  const storage = request.server.storage;
  const upload = await receiveUploads(request, opts);
  try {
    return await fn(upload);
  } catch (e) {
    await discard(storage, upload.files);
    throw e;
  } finally {
    await dropCopies(storage, upload.files);
  }
}

/** `<kind>/<name>` of one of our `/uploads/...` urls (the storage key); null for any other url. */
export function storedKey(url: string | null | undefined): string | null {
  const m = url?.match(/^\/uploads\/((?:image|video|audio|document)\/[0-9a-f]{32}\.[a-z0-9]{2,4})$/);
  return m ? m[1] : null;
}

/** Delete a stored file by its url; ignores urls that are not ours. */
export async function removeStored(storage: Storage, url: string | null | undefined): Promise<void> {
  const key = storedKey(url);
  if (key) await storage.remove(key);
}

/**
 * Store server-made bytes as an upload of one of `kinds`. `name` is the 32-hex stem of the stored name
 * (random by default); a caller that derives it from the content (the demo seed) reuses a file that is
 * already there. Throws a plain Error when the bytes are not an allowed kind: that is a bug, not user input.
 */
export async function storeFile(
  storage: Storage,
  data: Uint8Array,
  opts: { kinds: UploadKind[]; originalName: string; name?: string },
): Promise<Omit<StoredFile, 'path'>> {
  const type = await fileTypeFromBuffer(data);
  const kind = type && opts.kinds.find((k) => UPLOAD_LIMITS[k].mimes[type.mime]);
  if (!type || !kind)
    throw new Error(
      `storeFile: ${opts.originalName} is ${type?.mime ?? 'of no known type'}, not ${opts.kinds.join(' or ')}`,
    );
  if (data.length > UPLOAD_LIMITS[kind].maxBytes)
    throw new Error(`storeFile: ${opts.originalName} is over the ${kind} limit`);
  const stem = opts.name ?? randomBytes(16).toString('hex');
  if (!/^[0-9a-f]{32}$/.test(stem)) throw new Error(`storeFile: name must be 32 hex digits, got ${stem}`);
  const ext = UPLOAD_LIMITS[kind].mimes[type.mime];
  const key = `${kind}/${stem}.${ext}`;
  const file = {
    kind,
    mime: type.mime,
    ext,
    size: data.length,
    originalName: opts.originalName.slice(0, 255),
    url: `/uploads/${key}`,
  };
  if (opts.name && (await storage.size(key)) === data.length) return file;
  await storage.putBytes(key, data, type.mime);
  return file;
}

/** A required integer text field of a multipart request (400 naming it otherwise). */
export function intField(fields: Record<string, string>, name: string): number {
  const v = fields[name];
  if (v === undefined || v === '') throw err(400, name, `${name} is required`);
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw err(400, name, `${name} must be a whole number`);
  return n;
}

/** Width and height read from an image's header (image-size); null when the header does not give them. */
export function imagePixelSize(bytes: Buffer): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

const STORED_IMAGE = /^\/uploads\/image\/([0-9a-f]{32}\.(?:jpg|png|webp))$/;

/** 400 naming `field` unless `url` is an image this server stored (the file is there). */
export async function assertStoredImage(storage: Storage, field: string, url: string): Promise<void> {
  const m = STORED_IMAGE.exec(url);
  const there = m && (await storage.size(`image/${m[1]}`)) !== null;
  if (!there)
    throw fieldError(
      field,
      `${field} must be an image uploaded through /api/v2/storefront-images (a path like /uploads/image/<name>.png)`,
    );
}
