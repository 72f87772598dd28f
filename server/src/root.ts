import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, from here or from the server's bundle (server/build/main.js): both are two levels down. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
