/**
 * Shipping zones as a staff REST resource (`/api/v2/shipping-zones`, owner none), the one the generated
 * zones screen reads: the `shippingzone` rows of `order_master_data`, each naming its provinces (codes, in
 * `attrs.provinces`). A zone's id is its sort number (unique among zones, never changed; the audit's entity
 * id), its code the key rates and quotes use (set on create). A province ships to one zone: listing it in one
 * takes it out of the zone that had it (that change audited too). Every zone write takes one lock, so two
 * moves of one province never leave it in two zones, and names are checked against the others under it.
 * No delete: rates name their zone by code.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { orderMasterData, provinces } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { fieldConflict, fieldError } from '../../lib/errors.js';
import { restResource, type WriteContext } from '../../rest/resource.js';
import { ZONE_KIND } from './shipping.js';

export const ZONE_CODE = '^[a-z][a-z0-9_]{1,39}$';
const exists = (code: string) => fieldConflict('code', `A zone with code ${code} exists already`);

/** Trims the names and checks them against the other zones; places the provinces, moving them from other zones. */
async function prepareZone(body: Record<string, unknown>, { tx, op, current, user }: WriteContext) {
  const zones = await tx.select().from(orderMasterData).where(eq(orderMasterData.kind, ZONE_KIND));
  const out: Record<string, unknown> = { ...body };
  const self = op === 'create' ? (body.code as string) : (current!.code as string);
  if (op === 'create') {
    if (zones.some((z) => z.code === self)) throw exists(self);
    out.id = Math.max(0, ...zones.map((z) => z.sort)) + 10;
  }
  for (const field of ['name', 'nameTh'] as const) {
    if (body[field] === undefined) continue;
    const v = (body[field] as string).trim();
    if (!v) throw fieldError(field, `${field} may not be empty`);
    const clash = zones.find((z) => z.code !== self && z[field].trim().toLowerCase() === v.toLowerCase());
    if (clash) throw fieldError(field, `${field} "${v}" is the name of zone ${clash.code} already`);
    out[field] = v;
  }
  if (body.provinces !== undefined) {
    const wanted = [...new Set(body.provinces as string[])];
    const known = new Set((await tx.select({ code: provinces.code }).from(provinces)).map((p) => p.code));
    const unknown = wanted.filter((c) => !known.has(c));
    if (unknown.length)
      throw fieldError(
        'provinces',
        `provinces must be province codes (masterprovince); unknown: ${unknown.join(', ')}`,
      );
    out.provinces = wanted;
    // Taken out of the zones that had them.
    for (const z of zones) {
      if (z.code === self) continue;
      const had = (z.attrs.provinces as string[] | undefined) ?? [];
      const kept = had.filter((c) => !wanted.includes(c));
      if (kept.length === had.length) continue;
      await tx
        .update(orderMasterData)
        .set({ attrs: { ...z.attrs, provinces: kept } })
        .where(and(eq(orderMasterData.kind, ZONE_KIND), eq(orderMasterData.code, z.code)));
      await audit(tx, {
        actorId: user.id,
        action: 'update',
        entity: 'shipping_zone',
        entityId: z.sort,
        before: { code: z.code, provinces: had },
        after: { code: z.code, provinces: kept },
      });
    }
  }
  return out;
}

export function zoneResource(app: FastifyInstance) {
  const name = { type: 'string', minLength: 1, maxLength: 80 };
  restResource(app, {
    name: 'shipping-zones',
    label: 'Shipping zone',
    table: orderMasterData,
    id: orderMasterData.sort,
    rows: [{ column: orderMasterData.kind, equals: ZONE_KIND }],
    lock: 'shipping-zones',
    owner: 'none',
    tags: ['settings'],
    except: ['delete'],
    audit: { entity: 'shipping_zone' },
    defaultSort: { field: 'id', order: 'asc' },
    // The name first: the list's first column, and the one a phone's list keeps.
    fields: {
      name: {
        column: orderMasterData.name,
        schema: { type: 'string', title: 'Zone' },
        write: { ...name, title: 'Zone' },
        filter: ['like'],
        sort: true,
      },
      nameTh: {
        column: orderMasterData.nameTh,
        schema: { type: 'string', title: 'Zone (Thai)' },
        write: { ...name, title: 'Zone (Thai)' },
        filter: ['like'],
      },
      code: {
        column: orderMasterData.code,
        schema: { type: 'string', title: 'Code' },
        write: {
          type: 'string',
          pattern: ZONE_CODE,
          minLength: 2,
          maxLength: 40,
          title: 'Code',
          description: '2 to 40 lowercase letters, digits or _, starting with a letter; rates name the zone by it',
        },
        createOnly: true,
        sort: true,
      },
      provinces: {
        column: orderMasterData.attrs,
        json: { key: 'provinces', empty: [] },
        schema: { type: 'array', items: { type: 'string' }, title: 'Provinces' },
        write: {
          type: 'array',
          items: { type: 'string', minLength: 1, maxLength: 10 },
          maxItems: 200,
          title: 'Provinces',
          description: 'Province codes (masterprovince); each leaves the zone that had it',
        },
        // A zone may have no province yet.
        optional: true,
      },
    },
    prepare: prepareZone,
    onDuplicate: (body) => exists(String(body.code)),
  });
}
