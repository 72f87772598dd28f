/**
 * Coupon codes: `PREFIX-XXXXXXXX`, the random part drawn with the crypto RNG from an alphabet with no
 * look-alike characters (no 0/O, 1/I/L), so a code read off a phone screen is typed right. Unique
 * across all batches (a unique index); a collision is drawn again.
 */
import { randomInt } from 'node:crypto';
import { couponCodes } from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const RANDOM_LENGTH = 8;
const CHUNK = 1000;
/** Rounds of drawing again before giving up (31^8 codes: a second round is already rare). */
const MAX_ROUNDS = 20;

export const randomPart = (): string =>
  Array.from({ length: RANDOM_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A code as the customer typed it, in the stored form. */
export const normalizeCode = (raw: string): string => raw.trim().toUpperCase();

/**
 * Inserts `n` new codes for the batch inside the caller's transaction. A code another batch holds
 * (or one being inserted by a concurrent batch) is skipped by ON CONFLICT and drawn again.
 */
export async function insertCodes(
  tx: Tx,
  batchId: number,
  prefix: string,
  n: number,
  draw: () => string = randomPart,
): Promise<number> {
  let missing = n;
  for (let round = 0; missing > 0; round++) {
    if (round === MAX_ROUNDS) throw new Error(`Could not draw ${n} unique coupon codes for prefix ${prefix}`);
    const fresh = new Set<string>();
    // A draw that keeps repeating itself ends the round; the next round draws again.
    for (let tries = 0; fresh.size < missing && tries < missing * 10; tries++) fresh.add(`${prefix}-${draw()}`);
    const all = [...fresh];
    for (let i = 0; i < all.length; i += CHUNK) {
      const inserted = await tx
        .insert(couponCodes)
        .values(all.slice(i, i + CHUNK).map((code) => ({ batchId, code })))
        .onConflictDoNothing({ target: couponCodes.code })
        .returning({ id: couponCodes.id });
      missing -= inserted.length;
    }
  }
  return n;
}
