/** Valid requests for the storefront board routes (/api/supplier/kanban/* board verbs, /api/housebrand/* board verbs) with a given shop's ids (security.test.ts): every id a route takes. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../server/src/db/schema.js';

export type BoardIds = Record<string, number>;

const FAMILY_BASE: Record<string, string> = { supplier: '/api/supplier/kanban', housebrand: '/api/housebrand' };
const VERBS = [
  'master',
  'board',
  'columns/update',
  'columns/delete',
  'card/orderby',
  'card/update',
  'detail-card',
  'searchproduct-card',
  'card/detail-update',
  'card/detail-orderby',
];

/**
 * One column, one card with its column and one product on it, and the board version, of the shop's board
 * (read through the API as admin, on the family of the shop's kind); a section and a card are made through
 * the API when the board has none.
 */
export async function kanbanIdsOf(
  app: FastifyInstance,
  shop: number,
  admin: { authorization: string },
): Promise<BoardIds> {
  const [row] = await app.db.select({ kind: shops.kind }).from(shops).where(eq(shops.id, shop));
  const base = FAMILY_BASE[row.kind];
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `${base}/${url}`, payload, headers: admin });
    if (res.statusCode !== 200)
      throw new Error(`${method} ${base}/${url} for shop ${shop}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  type Board = {
    board: { columns: Record<string, { id: number; cardIds: number[] }>; columnOrder: number[] };
    version: number;
  };
  let { board, version } = (await call('GET', `board?shopId=${shop}`)) as Board;
  if (!board.columnOrder.some((id) => board.columns[id].cardIds.length)) {
    const { columnId } = await call('POST', 'columns/update', { shopId: shop, column: { name: 'Probe section' } });
    await call('POST', 'columns/update', { shopId: shop, columnId, card: { type: 'products', name: 'Probe card' } });
    ({ board, version } = (await call('GET', `board?shopId=${shop}`)) as Board);
  }
  const cardColumn = board.columnOrder.find((id) => board.columns[id].cardIds.length)!;
  const card = board.columns[cardColumn].cardIds[0];
  const detail = await call('GET', `detail-card?id=${card}&shopid=${shop}`);
  const product = (detail.property_items[0] ?? detail.property_master[0]).id;
  return { column: board.columnOrder[0], card, cardColumn, product, version };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function kanbanSample(
  method: string,
  url: string,
  shop: number,
  ids: BoardIds,
):
  | { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }
  | undefined {
  const base = Object.values(FAMILY_BASE).find((b) => url.startsWith(`${b}/`));
  const verb = base && url.slice(base.length + 1);
  if (!verb || !VERBS.includes(verb)) return undefined;
  const queries: Record<string, string> = {
    master: `?shopId=${shop}`,
    board: `?shopId=${shop}`,
    'detail-card': `?id=${ids.card}&shopid=${shop}&listid=${ids.cardColumn}`,
  };
  const bodies: Record<string, object> = {
    'columns/update': { shopId: shop, columnId: ids.column, column: { name: 'Probe' } },
    'columns/delete': { shopId: shop, cardId: ids.card },
    'card/orderby': { shopId: shop, version: ids.version, columnId: ids.column, index: 0, card: ids.card },
    'card/update': { shopId: shop, card: { id: ids.card, name: 'Probe' } },
    'searchproduct-card': { taskid: ids.card, shopid: shop, search: 'a', limit: 5 },
    'card/detail-update': { post: { taskid: ids.card, shopid: shop, remove: [ids.product] } },
    'card/detail-orderby': { shopid: shop, task: ids.card, items: [ids.product] },
  };
  return method === 'GET'
    ? { method: 'GET', url: url + (queries[verb] ?? '') }
    : { method: 'POST', url, payload: bodies[verb] };
}
