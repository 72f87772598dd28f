import { mkdtempSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { deliveryPlugin } from '../../server/src/lib/delivery.js';
import { storeFile, uploadsPlugin, withUpload, type UploadKind } from '../../server/src/lib/uploads.js';
import { openStorage, S3Storage, type Storage } from '../../server/src/lib/storage.js';
import { registerErrorHandling } from '../../server/src/lib/error-handler.js';
import { multipartPayload, samples } from './product-files.js';
import { startS3 } from './s3-emulator.js';

// The same behaviour from both stores: the folder DATA_DIR/uploads and an S3 bucket (s3rver on a temp dir).
describe.each(['folder', 'bucket'] as const)('uploads (%s)', (store) => {
  let app: FastifyInstance;
  let dataDir: string;
  let storage: Storage;
  let closeS3 = async () => {};
  /** How many files of `kind` are stored. */
  const stored = async (kind: string) => {
    if (!(storage instanceof S3Storage)) return readdirSync(join(dataDir, 'uploads', kind)).length;
    const list = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.config.bucket, Prefix: `${kind}/` }),
    );
    return list.KeyCount ?? 0;
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'uploads-test-'));
    const s3 = store === 'bucket' ? await startS3() : null;
    if (s3) closeS3 = () => s3.close();
    storage = await openStorage({ dataDir, s3: s3?.config });
    app = Fastify();
    app.decorate('config', { dataDir } as never);
    registerErrorHandling(app, { spa: false });
    // The headers every stored file is served with (nosniff, sandbox, caching) are the delivery plugin's.
    await app.register(deliveryPlugin);
    await app.register(uploadsPlugin, { storage });
    app.post<{ Params: { kinds: string } }>('/up/:kinds', async (req) =>
      withUpload(req, { kinds: req.params.kinds.split(',') as UploadKind[] }, async (u) => {
        if (u.fields.fail) throw new Error('boom');
        return { fields: u.fields, file: { ...u.file, path: undefined } };
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeS3();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (kinds: string, parts: Parameters<typeof multipartPayload>[0]) =>
    multipartPayload(parts).then(({ payload, headers }) =>
      app.inject({ method: 'POST', url: `/up/${kinds}`, payload, headers }),
    );

  it('stores each allowed type under a generated name and serves it read-only', async () => {
    const cases: [string, Buffer, string, string][] = [
      ['image', samples.png(), 'photo.png', 'image/png'],
      ['image', samples.jpeg(), 'a.jpg', 'image/jpeg'],
      ['image', samples.webp(), 'a.webp', 'image/webp'],
      ['document', samples.pdf(), 'cert.pdf', 'application/pdf'],
      ['video', samples.mp4(), 'clip.mp4', 'video/mp4'],
      ['audio', samples.mp3(), 'voice.mp3', 'audio/mpeg'],
    ];
    for (const [kind, buf, name, mime] of cases) {
      const res = await send(kind, [
        { name: 'id', value: '7' },
        { name: 'file', file: buf, filename: name },
      ]);
      expect(res.statusCode, name).toBe(200);
      const { fields, file } = res.json();
      expect(fields).toEqual({ id: '7' });
      expect(file).toMatchObject({ kind, mime, size: buf.length, originalName: name });
      expect(file.url).toMatch(new RegExp(`^/uploads/${kind}/[0-9a-f]{32}\\.[a-z0-9]+$`));
      const got = await app.inject({ url: file.url });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(buf)).toBe(true);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await app.inject({ method: 'POST', url: '/uploads/image/x.png' })).statusCode).toBe(404);
    expect([403, 404]).toContain((await app.inject({ url: '/uploads/' })).statusCode);
    expect((await app.inject({ url: `/uploads/image/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/uploads/tmp/x' })).statusCode).toBe(404);
    // Nothing is left in the local waiting folder, whichever store kept the files.
    expect(readdirSync(join(dataDir, 'uploads', 'tmp'))).toEqual([]);
  });

  it('serves byte ranges (video seeking) and refuses ranges outside the file', async () => {
    const mp4 = samples.mp4();
    const { file } = (await send('video', [{ name: 'file', file: mp4, filename: 'clip.mp4' }])).json();
    const part = await app.inject({ url: file.url, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(4, 12))).toBe(true);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect((await app.inject({ url: file.url, headers: { range: `bytes=${mp4.length + 10}-` } })).statusCode).toBe(416);
  });

  it('rejects a wrong type with 415 naming the field', async () => {
    const res = await send('image', [{ name: 'file', file: samples.pdf(), filename: 'doc.pdf' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, errors: [{ field: 'file' }] });
    expect(res.json().message).toMatch(/JPEG, PNG or WebP.*application\/pdf/);
  });

  it('sniffs the content, not the name: a renamed text file is refused', async () => {
    const res = await send('image', [
      { name: 'file', file: Buffer.from('just some text, not a picture at all'), filename: 'holiday.jpg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/not a recognised file type/);
    const exe = await send('image', [
      { name: 'file', file: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), filename: 'cat.png' },
    ]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toMatch(/x-msdownload/);
    // A PNG renamed .pdf is stored as what it is.
    const png = await send('image,document', [{ name: 'file', file: samples.png(), filename: 'scan.pdf' }]);
    expect(png.json().file).toMatchObject({ kind: 'image', mime: 'image/png', ext: 'png' });
  });

  it('rejects files over the limit with 413, without keeping them', async () => {
    const before = await stored('image');
    const big = Buffer.concat([samples.png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await send('image', [{ name: 'file', file: big, filename: 'big.png' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, errors: [{ field: 'file' }] });
    expect(res.json().message).toMatch(/5 MB/);
    // Allowed as a document kind up to 10 MB, but a PNG is still only 5 MB.
    const res2 = await send('image,document', [{ name: 'file', file: big, filename: 'big.png' }]);
    expect(res2.statusCode).toBe(413);
    expect(await stored('image')).toBe(before);
    expect(readdirSync(join(dataDir, 'uploads', 'tmp'))).toEqual([]);
  });

  it('answers 400 for a missing file, an empty file, or a JSON body', async () => {
    expect((await send('image', [{ name: 'id', value: '1' }])).json()).toMatchObject({
      status: 400,
      message: 'file is required: attach a file',
    });
    expect((await send('image', [{ name: 'file', file: Buffer.alloc(0), filename: 'e.png' }])).statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/up/image', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors[0].field).toBe('file');
  });

  it('removes the stored file when the handler fails', async () => {
    const before = await stored('image');
    const res = await send('image', [
      { name: 'fail', value: '1' },
      { name: 'file', file: samples.png(), filename: 'x.png' },
    ]);
    expect(res.statusCode).toBe(500);
    expect(await stored('image')).toBe(before);
    expect(existsSync(join(dataDir, 'uploads', 'tmp'))).toBe(true);
  });

  it('stores server-made bytes like an upload: sniffed, checked, under the given name or a random one', async () => {
    const named = await storeFile(storage, samples.png(), {
      kinds: ['image'],
      originalName: 'demo.png',
      name: 'ab'.repeat(16),
    });
    expect(named).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      ext: 'png',
      url: `/uploads/image/${'ab'.repeat(16)}.png`,
      originalName: 'demo.png',
    });
    const served = await app.inject({ url: named.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // The same name again reuses the stored file; no name gives a fresh random one.
    expect(
      (await storeFile(storage, samples.png(), { kinds: ['image'], originalName: 'demo.png', name: 'ab'.repeat(16) }))
        .url,
    ).toBe(named.url);
    const random = await storeFile(storage, samples.png(), { kinds: ['image'], originalName: 'demo.png' });
    expect(random.url).toMatch(/^\/uploads\/image\/[0-9a-f]{32}\.png$/);
    expect(random.url).not.toBe(named.url);
    await expect(storeFile(storage, samples.pdf(), { kinds: ['image'], originalName: 'x.png' })).rejects.toThrow(
      /application\/pdf, not image/,
    );
    await expect(
      storeFile(storage, samples.png(), { kinds: ['image'], originalName: 'x.png', name: '../escape' }),
    ).rejects.toThrow(/32 hex digits/);
    expect(readdirSync(join(dataDir, 'uploads', 'tmp'))).toEqual([]);
  });
});
