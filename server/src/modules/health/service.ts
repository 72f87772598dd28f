import { sql } from 'drizzle-orm';
import type { Db, DbKind } from '../../db/client.js';
import { HttpError } from '../../lib/errors.js';

export async function checkHealth(db: Db, kind: DbKind) {
  try {
    await db.execute(sql`select 1`);
  } catch {
    throw new HttpError(503, 'The database is not reachable.');
  }
  return { status: 'ok' as const, db: kind };
}
