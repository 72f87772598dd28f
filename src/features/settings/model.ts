/** Shipping rates, zones and config control (docs/api/settings.md), as the document gives them. */
import type { Body, DataOf, ItemOf, RowOf } from "../../api";

export type Rate = ItemOf<"/api/setting/shippingrate">;
export type RateBody = Body<"/api/setting/createshippingrate">;
export type Zone = RowOf<"/api/v2/shipping-zones">;
export type Province = DataOf<"/api/masterdata/masterprovince">[number];
export type TransportType = DataOf<"/api/masterdata/mastertransporttype">[number];
/** One typed setting as configcontrol answers it; `schema` is the JSON schema of `value`. */
export type Setting = DataOf<"/api/setting/configcontrol">[number];

/** How a setting's value is edited, from its schema. */
export type SettingInput =
  | { kind: "choice"; values: string[] }
  | { kind: "integer"; min: number; max: number }
  | { kind: "money"; min: number; max: number; nullable: boolean };

export function inputOf(schema: Setting["schema"]): SettingInput {
  if (schema.enum) return { kind: "choice", values: schema.enum };
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const range = { min: schema.minimum ?? 0, max: schema.maximum ?? Number.MAX_SAFE_INTEGER };
  if (types.includes("integer")) return { kind: "integer", ...range };
  return { kind: "money", ...range, nullable: types.includes("null") };
}

/** REST resources under /api/v2, read through the `rest` data provider (the zones' screen is generated). */
export const REST = { zones: "shipping-zones", settings: "settings" } as const;

/** Rates of one transport type within a zone, in band order (the server's order). */
export function byTransportType(rates: Rate[]): { code: string; name: string; rates: Rate[] }[] {
  const groups = new Map<string, { code: string; name: string; rates: Rate[] }>();
  for (const r of rates) {
    const g = groups.get(r.transportType) ?? { code: r.transportType, name: r.transportTypeName, rates: [] };
    g.rates.push(r);
    groups.set(r.transportType, g);
  }
  return [...groups.values()];
}

/** Provinces no zone covers: checkout cannot quote shipping to them. */
export const unplaced = (all: Province[], zones: Zone[]): Province[] =>
  all.filter((p) => !zones.some((z) => z.provinces.includes(p.code)));
