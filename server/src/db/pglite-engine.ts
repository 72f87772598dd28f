/**
 * PGlite's engine (pglite.wasm, ~9 MB) compiled once per process and shared by every PGlite it opens. Compiling runs
 * on V8's background threads for about a third of a second: main.ts starts it before it loads the app's code, so the
 * database opens without waiting for it, and test processes that open many databases compile it once.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PGliteOptions } from '@electric-sql/pglite';

type Engine = NonNullable<PGliteOptions['pgliteWasmModule']>;
// Node's WebAssembly global; TypeScript declares it only with the DOM library.
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<Engine> } };

let engine: Promise<Engine> | undefined;

export function pgliteEngine(): Promise<Engine> {
  engine ??= readFile(fileURLToPath(import.meta.resolve('@electric-sql/pglite/pglite.wasm'))).then((bytes) =>
    wasm.compile(bytes),
  );
  return engine;
}
