/**
 * Records whose own status follows the job that carries them to an outside system: a TIS certificate
 * (`product_tis_docs.status`, job `product.send_tis`) and a GP item (`gp_items.status`, job
 * `product.create_gp_item`; once GP has it the item is `active`, the word the GP mirror already uses).
 * Every change of a job's state writes its record in the same transaction, so the product page never says
 * "queued" for a certificate TIS already has. Other topics (syncs) have no record of their own: their
 * state is the job's.
 */
import { inArray } from 'drizzle-orm';
import { gpItems, productTisDocs } from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import type { Job } from './service.js';

interface Mirror {
  /** The payload field holding the record's id. */
  key: string;
  update(tx: Tx, ids: number[], status: Job['status']): Promise<unknown>;
}

const MIRRORS: Record<string, Mirror> = {
  'product.send_tis': {
    key: 'certificateId',
    update: (tx, ids, status) => tx.update(productTisDocs).set({ status }).where(inArray(productTisDocs.id, ids)),
  },
  'product.create_gp_item': {
    key: 'gpItemId',
    update: (tx, ids, status) =>
      tx
        .update(gpItems)
        .set({ status: status === 'sent' ? 'active' : status })
        .where(inArray(gpItems.id, ids)),
  },
};

/** Writes each job's new state to the record it carries, one statement per topic and state. */
export async function mirrorJobs(tx: Tx, jobs: Pick<Job, 'topic' | 'payload' | 'status'>[]): Promise<void> {
  const groups = new Map<string, { mirror: Mirror; status: string; ids: number[] }>();
  for (const job of jobs) {
    const mirror = MIRRORS[job.topic];
    const id = Number(job.payload[mirror?.key ?? '']);
    if (!mirror || !Number.isInteger(id)) continue;
    const key = `${job.topic} ${job.status}`;
    const group = groups.get(key) ?? groups.set(key, { mirror, status: job.status, ids: [] }).get(key)!;
    group.ids.push(id);
  }
  for (const { mirror, status, ids } of groups.values()) await mirror.update(tx, ids, status);
}
