import type { BaseRecord, CrudFilter, CrudSort, MetaQuery, ResourceProps } from "@refinedev/core";
import type { Page } from "../components/kit/page";

export type HttpMethod = "GET" | "POST";

/** Who may open a screen: the menu path granted in navConfig (admin is granted everything). */
export type Area = "admin" | "supplier";

export interface ListRequest {
  page: number;
  limit: number;
  filters: CrudFilter[];
  sorters: CrudSort[];
  meta?: MetaQuery;
}

export interface ListResult<T = BaseRecord> {
  data: T[];
  total: number;
  /** Extras a list answer carries beside its rows (e.g. `sumordersstatus`). */
  extra?: Record<string, unknown>;
}

interface Call<P extends string = string, M extends HttpMethod = HttpMethod> {
  method: M;
  /** Legacy path, relative: `/api/...`. */
  path: P;
}

export interface ListEndpoint extends Call {
  /** Becomes the query string (GET) or the JSON body (POST). */
  toRequest(req: ListRequest): Record<string, unknown>;
  /** Reads the answer as sent; a map's reader declares the shape its own path answers. */
  fromResponse(body: unknown): ListResult;
}

export interface OneEndpoint extends Call {
  toRequest(id: string | number, meta?: MetaQuery): Record<string, unknown>;
  fromResponse(body: unknown): BaseRecord | undefined;
}

export interface WriteEndpoint extends Call {
  toRequest(variables: Record<string, unknown>, id?: string | number, meta?: MetaQuery): Record<string, unknown>;
  fromResponse?(body: unknown): BaseRecord | undefined;
}

/** A verb; its path's literal type lets `callsOf` type the call's query, body and answer from the document. */
export interface ActionEndpoint<P extends string = string, M extends HttpMethod = HttpMethod> extends Call<P, M> {
  toRequest?(variables: Record<string, unknown>): Record<string, unknown>;
}

/** How the generic data provider reaches one domain's legacy endpoints. */
export interface EndpointMap {
  list?: ListEndpoint;
  one?: OneEndpoint;
  create?: WriteEndpoint;
  update?: WriteEndpoint;
  remove?: WriteEndpoint;
  /** Domain verbs beyond CRUD (close, approve, ...), called through `custom` with `meta.action`. */
  actions?: Record<string, ActionEndpoint>;
}

/** What every resource declares in `meta`, read by access control, the menu and the route table. */
export interface ResourceMeta {
  label: string;
  area: Area;
  /** navConfig path that grants this screen; the server enforces the same grant. */
  menuPath: string;
  /** Legacy endpoints the screen calls (shown on the route-table page). */
  endpoints: string[];
  /** False while the screen is not built: its routes are declared but not reachable. */
  built: boolean;
  icon?: string;
  parent?: string;
  /** Every signed-in user of the area opens it, without a grant (the own account). */
  everyone?: boolean;
  [key: string]: unknown;
}

export interface ResourceModule {
  /** Refine resource name; the data provider looks up `endpoints` by it. */
  name: string;
  endpoints: EndpointMap;
  /** Per-resource endpoints (by identifier) layered over `endpoints`, for a domain with several lists. */
  resourceEndpoints?: Record<string, EndpointMap>;
  resources: (ResourceProps & { meta: ResourceMeta })[];
  /** Resource identifier → the page of each route action; each page is its own chunk. */
  pages?: Record<string, Partial<Record<"list" | "create" | "edit" | "show", Page>>>;
}

/**
 * A domain's endpoints without its screens (a feature's `endpoints.ts`): what its pages, hooks and model import.
 * `resource.ts` adds the lazy pages; a page importing that file would close an import circle through its own chunk.
 */
export type ResourceEndpoints = Omit<ResourceModule, "resources" | "pages">;
