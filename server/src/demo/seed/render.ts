/**
 * SVG → PNG for the demo pictures: resvg with the Kanit font shipped by an npm package (Thai and Latin,
 * so the same on a bare machine with no system fonts), and a content-addressed cache in the OS temp
 * folder, so only the first seed on a machine pays for rendering; later seeds read the PNG back.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);
const pkgDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(pkgDir(name), 'package.json'), 'utf8')) as { version: string }).version;

const KANIT = pkgDir('@expo-google-fonts/kanit');
const FONT_FILES = ['400Regular', '500Medium', '600SemiBold'].map((w) => join(KANIT, w, `Kanit_${w}.ttf`));
export const FONT_FAMILY = 'Kanit';

/** A renderer or font upgrade draws differently: it is part of every cache key. */
const RENDERER = `resvg ${versionOf('@resvg/resvg-js')}, kanit ${versionOf('@expo-google-fonts/kanit')}`;
const CACHE_DIR = join(tmpdir(), 'seller-center-seed-pictures');

/** Renders of this process still under way, so two seeds at once (the test templates) render once. */
const pending = new Map<string, Promise<Buffer>>();

export interface RenderStats {
  rendered: number;
  cached: number;
}

export async function renderPng(svg: string, stats?: RenderStats): Promise<Buffer> {
  const key = createHash('sha256').update(RENDERER).update('\0').update(svg).digest('hex');
  const running = pending.get(key);
  if (running) return running;
  const job = (async () => {
    const cached = join(CACHE_DIR, `${key}.png`);
    const hit = await readFile(cached).catch(() => null);
    if (hit) {
      if (stats) stats.cached += 1;
      return hit;
    }
    // renderAsync runs on libuv's thread pool: the event loop stays free and both cores draw.
    const png = (
      await renderAsync(svg, {
        font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
      })
    ).asPng();
    if (stats) stats.rendered += 1;
    // The cache only saves time: a temp folder that cannot be written is no reason to fail the seed.
    const tmp = `${cached}.${randomBytes(6).toString('hex')}`;
    await mkdir(CACHE_DIR, { recursive: true })
      .then(() => writeFile(tmp, png))
      .then(() => rename(tmp, cached))
      .catch(() => undefined);
    return png;
  })();
  pending.set(key, job);
  try {
    return await job;
  } finally {
    pending.delete(key);
  }
}
