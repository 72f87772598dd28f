/**
 * Shipping rates: a price per zone, transport type and weight band (kg, from inclusive, to exclusive;
 * no end = and heavier). Zones are master data (`order_master_data`, kind `shippingzone`, each naming
 * its provinces); transport types are `mastertransporttype`. Two active bands of one zone and type
 * never overlap: every write takes the zone-and-type lock before it checks, so two writes at once are
 * checked one after the other. `quoteShipping` is the price checkout charges.
 */
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderMasterData, provinces, shippingRates } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { fieldError, HttpError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import type { Tx } from '../../lib/sql.js';

export const ZONE_KIND = 'shippingzone';
const TRANSPORT_KIND = 'transporttype';

export interface Zone {
  code: string;
  name: string;
  nameTh: string;
  provinces: { id: number; code: string; name: string }[];
}

/** The zones in their order, each with its provinces (by name). */
export async function listZones(db: Db | Tx): Promise<Zone[]> {
  const zones = await db
    .select()
    .from(orderMasterData)
    .where(eq(orderMasterData.kind, ZONE_KIND))
    .orderBy(asc(orderMasterData.sort), asc(orderMasterData.code));
  const all = await db
    .select({ id: provinces.id, code: provinces.code, name: provinces.name })
    .from(provinces)
    .orderBy(asc(provinces.name));
  return zones.map((z) => {
    const codes = (z.attrs.provinces as string[] | undefined) ?? [];
    return { code: z.code, name: z.name, nameTh: z.nameTh, provinces: all.filter((p) => codes.includes(p.code)) };
  });
}

/** The zone a province ships to (the first by order, should two name it), or undefined. */
export async function zoneOfProvince(
  db: Db | Tx,
  provinceId: number,
): Promise<{ zone: Zone | undefined; province: string | undefined }> {
  const [province] = await db
    .select({ code: provinces.code, name: provinces.name })
    .from(provinces)
    .where(eq(provinces.id, provinceId));
  if (!province) return { zone: undefined, province: undefined };
  const zone = (await listZones(db)).find((z) => z.provinces.some((p) => p.code === province.code));
  return { zone, province: province.name };
}

async function names(db: Db | Tx, kind: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: orderMasterData.code, name: orderMasterData.name })
    .from(orderMasterData)
    .where(eq(orderMasterData.kind, kind));
  return new Map(rows.map((r) => [r.code, r.name]));
}

export interface Rate {
  id: number;
  zone: string;
  zoneName: string;
  transportType: string;
  transportTypeName: string;
  weightFrom: number;
  weightTo: number | null;
  price: number;
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

type RateRow = typeof shippingRates.$inferSelect;

function toRate(r: RateRow, zones: Map<string, string>, types: Map<string, string>): Rate {
  return {
    id: r.id,
    zone: r.zone,
    zoneName: zones.get(r.zone) ?? r.zone,
    transportType: r.transportType,
    transportTypeName: types.get(r.transportType) ?? r.transportType,
    weightFrom: Number(r.weightFrom),
    weightTo: r.weightTo === null ? null : Number(r.weightTo),
    price: Number(r.price),
    active: r.active,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface RateQuery {
  page: number;
  limit: number;
  zone?: string;
  transportType?: string;
  active?: boolean;
}

/** Rates by zone, transport type and band (lightest first), paged. */
export async function listRates(db: Db, q: RateQuery) {
  const where = and(
    q.zone ? eq(shippingRates.zone, q.zone) : undefined,
    q.transportType ? eq(shippingRates.transportType, q.transportType) : undefined,
    q.active === undefined ? undefined : eq(shippingRates.active, q.active),
  );
  const zoneOrder = sql`(select sort from order_master_data m where m.kind = ${ZONE_KIND} and m.code = ${shippingRates.zone})`;
  const typeOrder = sql`(select sort from order_master_data m where m.kind = ${TRANSPORT_KIND} and m.code = ${shippingRates.transportType})`;
  const [{ total }] = await db.select({ total: count() }).from(shippingRates).where(where);
  const rows = await db
    .select()
    .from(shippingRates)
    .where(where)
    .orderBy(zoneOrder, typeOrder, asc(shippingRates.weightFrom), asc(shippingRates.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [zones, types] = await Promise.all([names(db, ZONE_KIND), names(db, TRANSPORT_KIND)]);
  return { items: rows.map((r) => toRate(r, zones, types)), total, maxpage: maxpage(total, q.limit) };
}

export interface RateInput {
  id?: number;
  version?: number;
  zone?: string;
  transportType?: string;
  weightFrom?: number;
  weightTo?: number | null;
  price?: number;
  active?: boolean;
}

const decimals = (field: string, v: number, places: number, words: string) => {
  const f = 10 ** places;
  if (Math.abs(v * f - Math.round(v * f)) > 1e-6)
    throw fieldError(field, `${field} must have at most ${places} decimals (${words})`);
  return v.toFixed(places);
};

const kg = (v: number | string | null) =>
  v === null ? 'and heavier' : `${Number(v).toLocaleString('en-US', { maximumFractionDigits: 3 })} kg`;
const band = (from: number | string, to: number | string | null) =>
  to === null ? `from ${kg(from)}` : `${kg(from).replace(' kg', '')}–${kg(to)}`;

/** Waits for every other write on this zone and transport type (to the end of the transaction). */
async function lockPair(tx: Tx, zone: string, transportType: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shipping-rate:${zone}:${transportType}`}, 0))`);
}

/**
 * Creates a rate (no `id`) or changes one (`id` + the `version` read): any of zone, type, band, price,
 * active. An active rate's band may not overlap another active band of its zone and type (400 naming
 * `weightFrom`). Audited as `shipping_rate`.
 */
export async function saveRate(db: Db, actorId: number, input: RateInput): Promise<{ rate: Rate; created: boolean }> {
  return db.transaction(async (tx) => {
    let current: RateRow | undefined;
    if (input.id !== undefined) {
      if (input.version === undefined)
        throw fieldError('version', 'version is required to change a rate: send the version you read');
      [current] = await tx.select().from(shippingRates).where(eq(shippingRates.id, input.id));
      if (!current) throw notFound('Shipping rate');
    } else {
      for (const field of ['zone', 'transportType', 'weightFrom', 'price'] as const) {
        if (input[field] === undefined) throw fieldError(field, `${field} is required for a new rate`);
      }
      if (input.version !== undefined)
        throw fieldError('version', 'version is only sent to change a rate (with its id)');
    }
    const zone = input.zone ?? current!.zone;
    const transportType = input.transportType ?? current!.transportType;
    const [zones, types] = await Promise.all([names(tx, ZONE_KIND), names(tx, TRANSPORT_KIND)]);
    if (!zones.has(zone)) throw fieldError('zone', `zone must be a shipping zone: ${[...zones.keys()].join(', ')}`);
    if (!types.has(transportType))
      throw fieldError('transportType', `transportType must be a transport type: ${[...types.keys()].join(', ')}`);

    // Both pairs when a rate moves to another zone or type, in one order so two such moves cannot wait on each other.
    const pairs = [[zone, transportType], ...(current ? [[current.zone, current.transportType]] : [])]
      .map(([z, t]) => `${z}\u0000${t}`)
      .filter((p, i, a) => a.indexOf(p) === i)
      .sort();
    for (const p of pairs) {
      const [z, t] = p.split('\u0000');
      await lockPair(tx, z, t);
    }
    if (current) {
      [current] = await tx.select().from(shippingRates).where(eq(shippingRates.id, current.id)).for('update');
      if (current.version !== input.version) {
        const message = `This rate was changed meanwhile (version ${current.version}, you read ${input.version}); reload it and try again.`;
        throw new HttpError(409, message, [{ field: 'version', message }]);
      }
    }

    const weightFrom =
      input.weightFrom !== undefined ? decimals('weightFrom', input.weightFrom, 3, 'grams') : current!.weightFrom;
    const weightTo =
      input.weightTo !== undefined
        ? input.weightTo === null
          ? null
          : decimals('weightTo', input.weightTo, 3, 'grams')
        : (current?.weightTo ?? null);
    const price = input.price !== undefined ? decimals('price', input.price, 2, 'satang') : current!.price;
    const active = input.active ?? current?.active ?? true;
    if (weightTo !== null && Number(weightTo) <= Number(weightFrom)) {
      throw fieldError(
        'weightTo',
        `weightTo (${kg(weightTo)}) must be above weightFrom (${kg(weightFrom)}); leave it empty for "and heavier"`,
      );
    }
    if (active) {
      // [from, to) bands overlap when each starts before the other ends (no end = never ends).
      const [overlap] = await tx
        .select()
        .from(shippingRates)
        .where(
          and(
            eq(shippingRates.zone, zone),
            eq(shippingRates.transportType, transportType),
            eq(shippingRates.active, true),
            current ? ne(shippingRates.id, current.id) : undefined,
            weightTo === null ? undefined : sql`${shippingRates.weightFrom} < ${weightTo}`,
            sql`(${shippingRates.weightTo} is null or ${shippingRates.weightTo} > ${weightFrom})`,
          ),
        )
        .orderBy(asc(shippingRates.weightFrom))
        .limit(1);
      if (overlap) {
        throw fieldError(
          'weightFrom',
          `The band ${band(weightFrom, weightTo)} overlaps rate #${overlap.id} (${band(overlap.weightFrom, overlap.weightTo)}, ` +
            `${Number(overlap.price).toFixed(2)} THB) of ${types.get(transportType)} to ${zones.get(zone)}; two active bands of one zone and transport type may not overlap.`,
        );
      }
    }

    const values = { zone, transportType, weightFrom, weightTo, price, active };
    let row: RateRow;
    if (current) {
      [row] = await tx
        .update(shippingRates)
        .set({ ...values, version: current.version + 1, updatedAt: new Date() })
        .where(eq(shippingRates.id, current.id))
        .returning();
    } else {
      [row] = await tx.insert(shippingRates).values(values).returning();
    }
    const rate = toRate(row, zones, types);
    await audit(tx, {
      actorId,
      action: current ? 'update' : 'create',
      entity: 'shipping_rate',
      entityId: row.id,
      before: current,
      after: rate,
    });
    return { rate, created: !current };
  });
}

export interface QuoteInput {
  provinceId: number;
  weightKg: number;
  transportType: string;
}
export interface Quote {
  zone: string;
  zoneName: string;
  transportType: string;
  transportTypeName: string;
  weightKg: number;
  rateId: number;
  weightFrom: number;
  weightTo: number | null;
  price: number;
}

/**
 * The price of sending `weightKg` to a province by one transport type: the active band of the
 * province's zone that holds the weight. No zone for the province → 400 naming `provinceId`; no band
 * → 400 naming `transportType`.
 */
export async function quoteShipping(db: Db | Tx, input: QuoteInput): Promise<Quote> {
  const [quote] = await quoteAll(db, input.provinceId, input.weightKg, [input.transportType]);
  if (quote.price === null) throw fieldError('transportType', quote.reason);
  return quote;
}

export type Option = Omit<Quote, 'rateId' | 'weightFrom' | 'weightTo' | 'price'> &
  (
    | { rateId: number; weightFrom: number; weightTo: number | null; price: number; reason?: undefined }
    | { rateId: null; weightFrom: null; weightTo: null; price: null; reason: string }
  );

/**
 * One answer per transport type (all of them when `only` is not given, in their order): its price, or
 * why there is none. A province no zone covers → 400 naming `provinceId`.
 */
export async function quoteAll(db: Db | Tx, provinceId: number, weightKg: number, only?: string[]): Promise<Option[]> {
  if (!Number.isFinite(weightKg) || weightKg < 0) throw fieldError('weightKg', 'weightKg must be 0 or more');
  const { zone, province } = await zoneOfProvince(db, provinceId);
  if (!province) throw fieldError('provinceId', `Province ${provinceId} does not exist`);
  if (!zone) throw fieldError('provinceId', `No shipping zone covers ${province}; add it to a zone first.`);
  const types = await db
    .select({ code: orderMasterData.code, name: orderMasterData.name })
    .from(orderMasterData)
    .where(and(eq(orderMasterData.kind, TRANSPORT_KIND), only ? inArray(orderMasterData.code, only) : undefined))
    .orderBy(asc(orderMasterData.sort), asc(orderMasterData.code));
  if (only && types.length < only.length) {
    throw fieldError(
      'transportType',
      `transportType must be a transport type: ${[...(await names(db, TRANSPORT_KIND)).keys()].join(', ')}`,
    );
  }
  const weight = Math.round(weightKg * 1000) / 1000;
  const holds: SQL = sql`${shippingRates.weightFrom} <= ${weight} and (${shippingRates.weightTo} is null or ${shippingRates.weightTo} > ${weight})`;
  const rates = await db
    .select()
    .from(shippingRates)
    .where(
      and(
        eq(shippingRates.zone, zone.code),
        eq(shippingRates.active, true),
        inArray(
          shippingRates.transportType,
          types.map((t) => t.code),
        ),
        holds,
      ),
    );
  return types.map((t) => {
    const base = {
      zone: zone.code,
      zoneName: zone.name,
      transportType: t.code,
      transportTypeName: t.name,
      weightKg: weight,
    };
    const r = rates.find((x) => x.transportType === t.code);
    if (!r) {
      return {
        ...base,
        rateId: null,
        weightFrom: null,
        weightTo: null,
        price: null,
        reason: `${t.name} has no rate to ${zone.name} (${province}) for ${kg(weight)}.`,
      };
    }
    return {
      ...base,
      rateId: r.id,
      weightFrom: Number(r.weightFrom),
      weightTo: r.weightTo === null ? null : Number(r.weightTo),
      price: Number(r.price),
    };
  });
}
