/** Installation rates. */
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { installRates, masterData, products } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { dateTime, maxpage, money } from '../../lib/schemas.js';
import { restResource } from '../../rest/resource.js';
import { iso } from './service.js';
import { containing, type Tx } from '../../lib/sql.js';

export async function listInstallRates(
  db: Db,
  q: { page: number; limit: number; search?: string; status?: string; level1Id?: number },
) {
  const conds: (SQL | undefined)[] = [];
  const s = q.search?.trim();
  if (s) conds.push(ilike(installRates.name, containing(s)));
  if (q.status) conds.push(eq(installRates.status, q.status));
  if (q.level1Id) conds.push(eq(installRates.level1Id, q.level1Id));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(installRates).where(where);
  const rows = await db
    .select({
      id: installRates.id,
      name: installRates.name,
      level1Id: installRates.level1Id,
      level1Name: masterData.name,
      productId: installRates.productId,
      productCode: products.code,
      price: installRates.price,
      status: installRates.status,
      updatedAt: installRates.updatedAt,
    })
    .from(installRates)
    .leftJoin(masterData, eq(masterData.id, installRates.level1Id))
    .leftJoin(products, eq(products.id, installRates.productId))
    .where(where)
    .orderBy(asc(installRates.name), asc(installRates.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.map((r) => ({ ...r, price: Number(r.price), updatedAt: iso(r.updatedAt) })),
    total,
    maxpage: maxpage(total, q.limit),
  };
}

export async function setInstallRateStatus(db: Db, user: AuthUser, id: number, status: 'active' | 'inactive') {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(installRates).where(eq(installRates.id, id));
    if (!before) throw notFound('Install rate');
    if (before.status === status) throw conflict(`This install rate is already ${status}.`);
    const [after] = await tx
      .update(installRates)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(installRates.id, id), eq(installRates.status, before.status)))
      .returning();
    if (!after) throw conflict('This install rate was changed by someone else. Reload and try again.');
    await audit(tx, { actorId: user.id, action: 'set_status', entity: 'install_rate', entityId: id, before, after });
    return { ...after, price: Number(after.price), updatedAt: iso(after.updatedAt) };
  });
}

export const INSTALL_RATE_STATES = ['active', 'inactive'] as const;

/**
 * The install rates as a plain REST resource of staff (`/api/v2/install-rates`, owner none), the one the
 * generated install-rate screen reads: the category's name and the product's code come with each row;
 * staff change a rate's name, price and state. Rates are made with their products, so no create or delete.
 */
export function installRateResource(app: FastifyInstance) {
  restResource(app, {
    name: 'install-rates',
    label: 'Install rate',
    table: installRates,
    id: installRates.id,
    owner: 'none',
    tags: ['product'],
    except: ['create', 'delete'],
    updatedAt: installRates.updatedAt,
    audit: { entity: 'install_rate' },
    defaultSort: { field: 'name', order: 'asc' },
    fields: {
      name: {
        column: installRates.name,
        schema: { type: 'string', title: 'Service' },
        write: { type: 'string', minLength: 1, maxLength: 200, title: 'Service' },
        filter: ['like'],
        sort: true,
      },
      level1Name: {
        column: sql<
          string | null
        >`(select ${masterData.name} from ${masterData} where ${masterData.id} = ${installRates.level1Id})`,
        schema: { type: ['string', 'null'], title: 'Category' },
      },
      productCode: {
        column: sql<
          string | null
        >`(select ${products.code} from ${products} where ${products.id} = ${installRates.productId})`,
        schema: { type: ['string', 'null'], title: 'Product code' },
        filter: ['like'],
      },
      price: {
        column: installRates.price,
        schema: { ...money({ positive: true }), title: 'Price (THB)' },
        write: true,
        filter: ['gte', 'lte'],
        sort: true,
        optional: true,
      },
      status: {
        column: installRates.status,
        schema: { type: 'string', enum: INSTALL_RATE_STATES, title: 'Status' },
        write: true,
        filter: ['eq'],
        optional: true,
      },
      updatedAt: { column: installRates.updatedAt, schema: { ...dateTime, title: 'Updated' }, sort: true },
    },
    // The "was" price stays above the price (the storefront shows the discount).
    prepare: (body, { current, tx }) => checkCompareAt(tx, body, current),
  });
}

async function checkCompareAt(tx: Tx, body: Record<string, unknown>, current?: Record<string, unknown>) {
  if (body.price === undefined || !current) return body;
  const [row] = await tx
    .select({ compareAt: installRates.compareAtPrice })
    .from(installRates)
    .where(eq(installRates.id, current.id as number));
  if (row?.compareAt !== null && row?.compareAt !== undefined && Number(body.price) >= Number(row.compareAt))
    throw fieldError('price', `The price must stay below the regular price (${Number(row.compareAt).toFixed(2)}).`);
  return body;
}
