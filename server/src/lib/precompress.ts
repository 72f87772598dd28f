/**
 * Build-time compression of the built front end (vite.config.ts runs it after every build): each text
 * file gets a brotli (`.br`, best quality) and a gzip (`.gz`, level 9) sibling, each kept only when it is
 * smaller than the file. The server picks one by the request's Accept-Encoding (lib/delivery.ts), so the
 * slow best-quality work is done once per build instead of per request.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing; images, fonts and media are compressed formats already. */
const TEXT = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

export interface PrecompressResult {
  /** Text files seen. */
  files: number;
  bytes: number;
  br: number;
  gzip: number;
}

async function textFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    // .vite holds the build manifest, which the server never serves.
    if (entry.isFile() && TEXT.test(entry.name) && !path.slice(dir.length).split(/[\\/]/).includes('.vite'))
      out.push(path);
  }
  return out;
}

/** Writes `<file>.br` and `<file>.gz` next to every text file under `dir` (stale siblings of a larger result are removed). */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const keep = async (path: string, original: number, packed: Buffer) => {
    if (packed.length < original) await writeFile(path, packed);
    else await rm(path, { force: true });
    return Math.min(packed.length, original);
  };
  // zlib's async calls run on libuv's thread pool: all files at once keep every core busy.
  await Promise.all(
    (await textFiles(dir)).map(async (file) => {
      const data = await readFile(file);
      const [b, g] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      result.files += 1;
      result.bytes += data.length;
      result.br += await keep(`${file}.br`, data.length, b);
      result.gzip += await keep(`${file}.gz`, data.length, g);
    }),
  );
  return result;
}
