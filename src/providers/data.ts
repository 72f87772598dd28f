import type { BaseRecord, CustomParams, DataProvider, GetListParams, GetOneParams, MetaQuery } from "@refinedev/core";
import { endpointsOf as endpointsIn, modules } from "../resources";
import type { EndpointMap, HttpMethod, ResourceModule } from "../resources/types";
import { get, post } from "./http";

type Operation = Exclude<keyof EndpointMap, "actions">;

function call(method: HttpMethod, path: string, request: Record<string, unknown>): Promise<unknown> {
  // Legacy convention: reads carry the request in the query string, writes in a JSON body.
  return method === "GET" ? get(path, request) : post(path, request);
}

/** A write's `{ data }`, or the whole answer when it has none. */
const dataOrBody = (body: unknown): unknown =>
  body && typeof body === "object" && "data" in body ? (body.data ?? body) : body;

/**
 * A Refine data provider over the resource registry: each resource's endpoint map says which
 * legacy path serves which operation, so this file knows no domain. The record types are the
 * caller's to name (Refine's `TData`): nothing here checks an answer's shape.
 */
export function createDataProvider(registry: ResourceModule[] = modules): DataProvider {
  const endpointsOf = (resource: string) => endpointsIn(resource, registry);
  const endpoint = <K extends Operation>(resource: string, op: K): NonNullable<EndpointMap[K]> => {
    const found = endpointsOf(resource)[op];
    if (!found) throw new Error(`Resource "${resource}" has no "${op}" endpoint`);
    return found;
  };
  const write = async <TData extends BaseRecord>(
    op: "create" | "update" | "remove",
    resource: string,
    variables: object,
    id?: string | number,
    meta?: MetaQuery,
  ) => {
    const ep = endpoint(resource, op);
    const body = await call(ep.method, ep.path, ep.toRequest(variables as Record<string, unknown>, id, meta));
    return { data: (ep.fromResponse ? ep.fromResponse(body) : dataOrBody(body)) as TData };
  };

  return {
    getApiUrl: () => import.meta.env.VITE_API_URL ?? "",

    getList: async <TData extends BaseRecord>({ resource, pagination, filters, sorters, meta }: GetListParams) => {
      const ep = endpoint(resource, "list");
      const page = pagination?.currentPage ?? 1;
      const limit = pagination?.pageSize ?? 10;
      const body = await call(
        ep.method,
        ep.path,
        ep.toRequest({ page, limit, filters: filters ?? [], sorters: sorters ?? [], meta }),
      );
      const { data, total, extra } = ep.fromResponse(body);
      return { data: data as TData[], total, ...(extra ? { extra } : {}) };
    },

    getOne: async <TData extends BaseRecord>({ resource, id, meta }: GetOneParams) => {
      const ep = endpoint(resource, "one");
      const body = await call(ep.method, ep.path, ep.toRequest(id, meta));
      return { data: ep.fromResponse(body) as TData };
    },

    create: ({ resource, variables, meta }) => write("create", resource, variables as object, undefined, meta),
    update: ({ resource, id, variables, meta }) => write("update", resource, variables as object, id, meta),
    deleteOne: ({ resource, id, variables, meta }) => write("remove", resource, variables ?? {}, id, meta),

    /** `meta.resource` + `meta.action` pick one of the resource's domain verbs; `url` is ignored then. */
    custom: async <TData extends BaseRecord>({ url, method, query, payload, meta }: CustomParams) => {
      const resource = meta?.resource as string | undefined;
      const action = meta?.action as string | undefined;
      if (resource && action) {
        const ep = endpointsOf(resource).actions?.[action];
        if (!ep) throw new Error(`Resource "${resource}" has no action "${action}"`);
        const input = ((ep.method === "GET" ? query : payload) ?? {}) as Record<string, unknown>;
        const body = await call(ep.method, ep.path, ep.toRequest ? ep.toRequest(input) : input);
        return { data: body as TData };
      }
      const body =
        method === "get" ? await get(url, (query ?? {}) as Record<string, unknown>) : await post(url, payload);
      return { data: body as TData };
    },
  };
}

export const dataProvider = createDataProvider();
