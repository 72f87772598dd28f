import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { type Tx } from './sql.js';

/** Written inside the same transaction as the change it records. */
export async function audit(
  tx: Tx | Db,
  entry: {
    actorId: number;
    action: string;
    entity: string;
    entityId: number;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before === undefined ? null : JSON.parse(JSON.stringify(entry.before)),
    after: entry.after === undefined ? null : JSON.parse(JSON.stringify(entry.after)),
  });
}
