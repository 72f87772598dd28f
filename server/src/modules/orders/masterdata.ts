/** Order master data under /api/masterdata/ (paths of the legacy catalogue); each answers `{ data: [...] }`. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client.js';
import { closedObject, errorResponses, id } from '../../lib/schemas.js';
import { routesOf } from '../../lib/route.js';

const tags = ['masterdata'];
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
/** `{ data: [row] }`, each row's fields named and required. */
const dataResponse = (row: Record<string, unknown>) => ({
  ...errorResponses,
  200: {
    type: 'object',
    properties: { data: { type: 'array', items: { type: 'object', properties: row, required: Object.keys(row) } } },
    required: ['data'],
  },
});

/** kind in order_master_data → path, and the attributes its rows carry beside code and names. */
const CODE_LISTS: [string, string, Record<string, unknown>][] = [
  ['masterorderstatus', 'orderstatus', { color: { ...str, description: 'Ant Design tag colour of the status' } }],
  ['masterorderchanel', 'orderchannel', {}],
  ['masterordershipment', 'ordershipment', {}],
  ['mastertransporttype', 'transporttype', {}],
  ['mastercollecttype', 'collecttype', {}],
  ['mastertransportratetime', 'transportratetime', { minDays: int, maxDays: int }],
  ['masterbank', 'bank', {}],
  [
    'masterclaim',
    'claim',
    { kind: { type: 'string', enum: ['claim', 'return'], description: 'A claim on a defect, or a return' } },
  ],
];
const codeRow = { code: str, name: str, nameTh: str, sort: int };

export async function orderMasterRoutes(app: FastifyInstance) {
  const r = routesOf(app, '/api/masterdata', { tags: ['orders'] });
  const { db } = app;
  for (const [path, kind, attrs] of CODE_LISTS) {
    r.get(
      path,
      { schema: { tags, summary: `Order master data: ${kind}`, response: dataResponse({ ...codeRow, ...attrs }) } },
      async () => {
        const rows = await queryRows<{
          code: string;
          name: string;
          name_th: string;
          sort: number;
          attrs: Record<string, unknown>;
        }>(
          db,
          sql`select code, name, name_th, sort, attrs from order_master_data where kind = ${kind} order by sort, code`,
        );
        return {
          data: rows.map((r) => ({ code: r.code, name: r.name, nameTh: r.name_th, sort: Number(r.sort), ...r.attrs })),
        };
      },
    );
  }
  r.get(
    'masterprovince',
    { schema: { tags, summary: 'Provinces', response: dataResponse({ id: int, code: str, name: str, nameTh: str }) } },
    async () => {
      const rows = await queryRows<{ id: number; code: string; name: string; name_th: string }>(
        db,
        sql`select id, code, name, name_th from provinces order by name`,
      );
      return { data: rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, nameTh: r.name_th })) };
    },
  );
  r.get<{ Querystring: { provinceId?: number } }>(
    'masterdistrict',
    {
      schema: {
        tags,
        summary: 'Districts (of a province)',
        querystring: closedObject({ provinceId: id }),
        response: dataResponse({ id: int, provinceId: int, name: str, nameTh: str, zipcode: str }),
      },
    },
    async (req) => {
      const p = req.query.provinceId;
      const rows = await queryRows<{ id: number; province_id: number; name: string; name_th: string; zipcode: string }>(
        db,
        sql`select id, province_id, name, name_th, zipcode from districts ${p ? sql`where province_id = ${p}` : sql``} order by province_id, name`,
      );
      return {
        data: rows.map((r) => ({
          id: Number(r.id),
          provinceId: Number(r.province_id),
          name: r.name,
          nameTh: r.name_th,
          zipcode: r.zipcode,
        })),
      };
    },
  );
  r.get<{ Querystring: { provinceId?: number } }>(
    'masterbranch',
    {
      schema: {
        tags,
        summary: 'Branches',
        querystring: closedObject({ provinceId: id }),
        response: dataResponse({
          id: int,
          code: str,
          name: str,
          nameTh: str,
          provinceId: int,
          province: str,
          address: str,
          phone: str,
        }),
      },
    },
    async (req) => {
      const p = req.query.provinceId;
      const rows = await queryRows<{
        id: number;
        code: string;
        name: string;
        name_th: string;
        province_id: number;
        province: string;
        address: string;
        phone: string;
      }>(
        db,
        sql`select b.id, b.code, b.name, b.name_th, b.province_id, p.name as province, b.address, b.phone from branches b join provinces p on p.id = b.province_id
        where b.active ${p ? sql`and b.province_id = ${p}` : sql``} order by b.code`,
      );
      return {
        data: rows.map((r) => ({
          id: Number(r.id),
          code: r.code,
          name: r.name,
          nameTh: r.name_th,
          provinceId: Number(r.province_id),
          province: r.province,
          address: r.address,
          phone: r.phone,
        })),
      };
    },
  );
}
