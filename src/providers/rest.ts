import type { CrudFilter, DataProvider } from "@refinedev/core";
import simpleRest from "@refinedev/simple-rest";
import { http } from "./http";

const base = simpleRest("/api/v2", http);

/** The second data provider's name, and what a Refine call spreads to go through it. */
export const REST_PROVIDER = "rest";
export const ON_REST = { dataProviderName: REST_PROVIDER } as const;

/**
 * simple-rest writes ne/gte/lte/contains as `<field>_<op>` and any other operator as plain equality, so
 * `id > 16` went out as `id=16`; the v2 server reads `<field>_gt` and `<field>_lt`.
 */
const strict = (filters: CrudFilter[] | undefined) =>
  filters?.map((f) =>
    "field" in f && (f.operator === "gt" || f.operator === "lt")
      ? { field: `${f.field}_${f.operator}`, operator: "eq" as const, value: f.value as unknown }
      : f,
  );

/**
 * The second data provider, `rest`: resources the legacy catalogue does not name, served as plain
 * REST under /api/v2 (server/src/rest/resource.ts). Same HTTP client, so the same token and errors.
 */
export const restDataProvider: DataProvider = {
  ...base,
  getList: (params) => base.getList({ ...params, filters: strict(params.filters) }),
};
