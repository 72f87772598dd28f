/** `npm run db:template` (run by `npm run build`): makes the seeded PGlite template a new DATA_DIR starts from (db/template.ts). */
import { performance } from 'node:perf_hooks';
import { ensureTemplate } from '../db/template.js';

const started = performance.now();
const dir = await ensureTemplate();
console.log(`PGlite template ready in ${Math.round(performance.now() - started)} ms: ${dir}`);
