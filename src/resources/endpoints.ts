import type { BaseRecord, CrudOperators } from "@refinedev/core";
import type { Answer, ListParams, Path } from "../api";
import type {
  ActionEndpoint,
  HttpMethod,
  ListEndpoint,
  ListRequest,
  ListResult,
  OneEndpoint,
  WriteEndpoint,
} from "./types";

/**
 * Declarative endpoint maps: a resource names its legacy paths and the filters and sorts each list
 * accepts; these helpers turn Refine's calls into the legacy payloads. A filter, operator or sort the
 * endpoint does not take is refused with an error, never dropped: a list that silently ignored a
 * filter would show rows the person did not ask for.
 */

/**
 * A documented list's parameter names and answer; a path the document does not have takes any name and answers
 * a record of unknown fields (Refine's BaseRecord).
 */
type FieldOf<P extends string> = P extends Path ? keyof ListParams<P> & string : string;
type SortOf<P extends string> = P extends Path
  ? ListParams<P> extends { sort?: infer S }
    ? S & string
    : never
  : string;
type ListAnswer<P extends string, M extends HttpMethod> = P extends Path
  ? Answer<P, M extends "POST" ? "post" : "get">
  : BaseRecord;

/** A list's filters and sorts, checked against the parameters the document gives its path. */
export interface ListSpec<P extends string = string, M extends HttpMethod = HttpMethod> {
  method?: M;
  /** Filter fields the endpoint takes; each accepts `eq`, and `contains` when named in `contains`. */
  filters?: readonly FieldOf<P>[];
  contains?: readonly FieldOf<P>[];
  /** Filter values meaning "no filter" (e.g. the `all` tab). */
  allValues?: readonly unknown[];
  /** Sortable fields, sent as `sort` + `order`. */
  sorts?: readonly SortOf<P>[];
  /** Reads a non-standard answer; default: the foundation's `{ items, total, maxpage }`. */
  fromResponse?(body: ListAnswer<P, M>): ListResult;
}

export class UnsupportedQueryError extends Error {
  constructor(path: string, what: string) {
    super(`${path} cannot ${what}`);
    this.name = "UnsupportedQueryError";
  }
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/** Refine list params → `page, limit`, the accepted non-empty filters and one sorter. */
export function listQuery(path: string, spec: ListSpec = {}) {
  const { allValues = [] } = spec;
  const filters: readonly string[] = spec.filters ?? [];
  const contains: readonly string[] = spec.contains ?? [];
  const sorts: readonly string[] = spec.sorts ?? [];
  return (req: ListRequest): Record<string, unknown> => {
    const query: Record<string, unknown> = { page: req.page, limit: req.limit };
    for (const f of req.filters) {
      if (!("field" in f)) throw new UnsupportedQueryError(path, `combine filters with "${f.operator}"`);
      const value: unknown = typeof f.value === "string" ? f.value.trim() : f.value;
      if (isEmpty(value) || allValues.includes(value)) continue;
      if (!filters.includes(f.field)) throw new UnsupportedQueryError(path, `filter by "${f.field}"`);
      const ops: CrudOperators[] = contains.includes(f.field) ? ["eq", "contains"] : ["eq"];
      if (!ops.includes(f.operator)) throw new UnsupportedQueryError(path, `filter "${f.field}" with "${f.operator}"`);
      query[f.field] = value;
    }
    const sorters = req.sorters;
    if (sorters.length > 1) throw new UnsupportedQueryError(path, "sort by more than one field");
    const [sorter] = sorters;
    if (sorter) {
      if (!sorts.includes(sorter.field)) throw new UnsupportedQueryError(path, `sort by "${sorter.field}"`);
      query.sort = sorter.field;
      query.order = sorter.order;
    }
    return query;
  };
}

/** The foundation's list answer. */
interface ItemsPage {
  items?: BaseRecord[];
  total?: number;
  maxpage?: number;
}

export const itemsPage = (body: ItemsPage | null | undefined): ListResult => ({
  data: body?.items ?? [],
  total: body?.total ?? 0,
  extra: { maxpage: body?.maxpage ?? 0 },
});

export function pagedList<P extends string, M extends HttpMethod = "GET">(
  path: P,
  spec: ListSpec<P, M> = {},
): ListEndpoint {
  return {
    method: spec.method ?? "GET",
    path,
    toRequest: listQuery(path, spec),
    fromResponse: spec.fromResponse ?? itemsPage,
  };
}

const recordOf = (body: { data?: BaseRecord } | null | undefined) => body?.data;

/** One record by id: `GET path?id=` answering `{ data }`. */
export function byId(path: string): OneEndpoint {
  return { method: "GET", path, toRequest: (id) => ({ id: Number(id) }), fromResponse: recordOf };
}

/** A write answering `{ status, message, data }`: the form's values, plus the record id on update/delete. */
export function write(path: string, kind: "create" | "update" | "remove" = "update"): WriteEndpoint {
  return {
    method: "POST",
    path,
    toRequest:
      kind === "create"
        ? (v) => v
        : kind === "update"
          ? (v, id) => ({ ...v, id: Number(id) })
          : (_v, id) => ({ id: Number(id) }),
    fromResponse: recordOf,
  };
}

/** A domain verb beyond CRUD, called through `custom` with `meta.action`; reads are GET, writes POST. */
export function action<P extends string, M extends HttpMethod = "POST">(
  path: P,
  method: M = "POST" as M,
): ActionEndpoint<P, M> {
  return { method, path };
}

/** Many verbs under one folder, keyed by their legacy name. */
export function actions<const B extends string, const R extends string, const W extends string = never>(
  base: B,
  reads: readonly R[],
  writes: readonly W[] = [],
) {
  return Object.fromEntries([
    ...reads.map((name) => [name, action(`${base}/${name}`, "GET")]),
    ...writes.map((name) => [name, action(`${base}/${name}`)]),
  ]) as { [K in R]: ActionEndpoint<`${B}/${K}`, "GET"> } & { [K in W]: ActionEndpoint<`${B}/${K}`, "POST"> };
}
