import type { Db } from '../db/client.js';

/** A transaction handle, as `db.transaction` passes it: services that write in several steps take one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` in it taken literally. */
export const containing = (text: string) => `%${literal(text)}%`;

/** An ILIKE pattern matching what starts with `text`, taken literally. */
export const startingWith = (text: string) => `${literal(text)}%`;

/** The legacy success answer: `{status: 200, message}`, with `data` when there is some. */
export const ok = (message: string, data?: unknown) =>
  data === undefined ? { status: 200, message } : { status: 200, message, data };
