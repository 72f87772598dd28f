/** `npm run db:template` (run by `npm run build`): makes the seeded PGlite template a new DATA_DIR starts from, and its spare copy (demo/template.ts). */
import { performance } from 'node:perf_hooks';
import { readyTemplate } from '../demo/template.js';

const started = performance.now();
const dir = await readyTemplate();
console.log(`PGlite template ready in ${Math.round(performance.now() - started)} ms: ${dir}`);
