/** `npm run backup -- <file>`: the configured database (DATABASE_URL, else PGlite in DATA_DIR) to <file> (db/backup.ts). */
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { backup } from '../db/backup.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run backup -- <file>');
  process.exit(2);
}
const config = loadConfig();
try {
  await backup(config, file);
  console.log(`${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`} backed up to ${resolve(file)}`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
