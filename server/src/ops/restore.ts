/** `npm run restore -- <file>`: replaces the configured database with a backup made by `npm run backup` (db/backup.ts). */
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { restore } from '../db/backup.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run restore -- <file>');
  process.exit(2);
}
const config = loadConfig();
try {
  await restore(config, file);
  console.log(`${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`} restored from ${resolve(file)}`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
