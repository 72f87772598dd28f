/**
 * The seeded demo database as a ready PGlite data directory. A new DATA_DIR starts as a copy of it, so a
 * first start skips initdb, the migrations and the seed (most of a cold start). Built once per version of
 * what shapes the seeded database (server code, migrations, the screens table, the lockfile): by the build
 * (`npm run db:template`, run after `npm run build`) or else by the first start that needs it.
 */
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { repoRoot } from '../root.js';
import { LocalStorage, type Storage } from '../lib/storage.js';
import { syncMenu } from '../modules/menu/service.js';
import { openDb, type Db } from '../db/client.js';
import { settings } from '../db/schema.js';
import { seedIfEmpty, type SeedResult } from './seed.js';
import { templateKey } from '../db/template-key.js';

export { templateKey };

/** Beside the other build caches; a fresh clone has none until the build or the first start. */
export const TEMPLATE_ROOT = resolve(repoRoot, 'node_modules/.cache/seller-center/pglite-template');

/** Row of the settings table that says which code prepared the database last (not a setting: config control lists only its own keys). */
const PREPARED_KEY = 'startup.prepared';

/**
 * What every start does to its database before serving: the menu synced from the screens table, the reference data
 * filled in, the demo seeded once. Skipped when the same code (templateKey) did it already, with the same demo choice:
 * all of it follows from the code, and it is a fifth of a start on PGlite.
 */
export async function prepareDatabase(db: Db, storage: Storage, seedDemo = true): Promise<SeedResult | null> {
  const key = `${templateKey()} ${seedDemo ? 'demo' : 'no demo'}`;
  const [done] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, PREPARED_KEY));
  if (done?.value === key) return null;
  await syncMenu(db);
  const seeded = seedDemo ? await seedIfEmpty(db, { storage }) : null;
  await db
    .insert(settings)
    .values({ key: PREPARED_KEY, value: key })
    .onConflictDoUpdate({ target: settings.key, set: { value: key, updatedAt: new Date() } });
  return seeded;
}

/** The template folder (`pglite/`, `uploads/`, `seeded.json`) for this code, built when missing. */
export async function ensureTemplate(): Promise<string> {
  const key = templateKey();
  const dir = join(TEMPLATE_ROOT, key);
  if (existsSync(join(dir, 'seeded.json'))) {
    const now = new Date();
    utimesSync(dir, now, now);
    return dir;
  }
  await buildTemplate(key, dir);
  return dir;
}

/** `npm run db:template`: the template and its spare, so a first start takes a database without copying it. */
export async function readyTemplate(): Promise<string> {
  const dir = await ensureTemplate();
  await refillSpare(dir);
  return dir;
}

async function buildTemplate(key: string, dir: string): Promise<void> {
  mkdirSync(TEMPLATE_ROOT, { recursive: true });
  // Built aside and renamed: a crash or a second process building at once never leaves half a template.
  const tmp = join(TEMPLATE_ROOT, `.${key}-${randomBytes(6).toString('hex')}`);
  try {
    mkdirSync(tmp);
    const pglite = await PGlite.create(join(tmp, 'pglite'));
    const handle = await openDb({ pglite });
    let seeded: SeedResult | null;
    try {
      seeded = await prepareDatabase(handle.db, new LocalStorage(tmp));
    } finally {
      await handle.close();
    }
    rmSync(join(tmp, 'uploads', 'tmp'), { recursive: true, force: true });
    writeFileSync(join(tmp, 'seeded.json'), JSON.stringify(seeded));
    try {
      renameSync(tmp, dir);
    } catch (err) {
      if (!existsSync(join(dir, 'seeded.json'))) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // Other versions' templates unused for a day are dead weight (another checkout sharing node_modules may still use a recent one).
  for (const name of readdirSync(TEMPLATE_ROOT)) {
    const p = join(TEMPLATE_ROOT, name);
    if (name !== key && statSync(p).mtimeMs < Date.now() - 86_400_000) rmSync(p, { recursive: true, force: true });
  }
}

/**
 * A ready copy of the template's database beside it (`spare/`), made by the build: a new data dir takes it with a
 * rename instead of copying ~50 MB while the start waits, and the next spare is copied after the start.
 */
const SPARE = 'spare';

async function refillSpare(dir: string): Promise<void> {
  if (existsSync(join(dir, SPARE))) return;
  // Copies a killed process left half made.
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.spare-') && statSync(join(dir, name)).mtimeMs < Date.now() - 3_600_000)
      rmSync(join(dir, name), { recursive: true, force: true });
  }
  const tmp = join(dir, `.spare-${randomBytes(6).toString('hex')}`);
  try {
    await cp(join(dir, 'pglite'), tmp, { recursive: true });
    // Another process may have made one meanwhile: then this copy goes.
    await rename(tmp, join(dir, SPARE)).catch(() => undefined);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Makes `dataDir/pglite` a copy of the template (the spare, or a copy made now) and adds its demo pictures to
 * `dataDir/uploads` when the data dir has no database yet; null when it has one. The copy is renamed into place,
 * so a start killed half-way leaves no half database that a later start would take for a real one.
 */
export async function installTemplate(dataDir: string): Promise<SeedResult | null> {
  const target = join(dataDir, 'pglite');
  if (existsSync(target)) return null;
  const started = performance.now();
  const dir = await ensureTemplate();
  const seeded = JSON.parse(readFileSync(join(dir, 'seeded.json'), 'utf8')) as SeedResult | null;
  for (const name of readdirSync(dataDir))
    if (/^pglite\..*\.tmp$/.test(name)) rmSync(join(dataDir, name), { recursive: true, force: true });
  cpSync(join(dir, 'uploads'), join(dataDir, 'uploads'), { recursive: true, force: false });
  try {
    // No spare, another data dir took it a moment ago, or it is on another file system: then a copy.
    renameSync(join(dir, SPARE), target);
  } catch {
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    cpSync(join(dir, 'pglite'), tmp, { recursive: true });
    renameSync(tmp, target);
  }
  // The next spare, once this start is done with the disk.
  setTimeout(() => void refillSpare(dir).catch(() => undefined), 10_000).unref();
  if (!seeded) return null;
  const pictures = seeded.pictures.pictures;
  return {
    ...seeded,
    pictures: { pictures, rendered: 0, cached: pictures, ms: Math.round(performance.now() - started) },
  };
}
