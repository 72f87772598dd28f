import type { CrudFilter } from "@refinedev/core";
import type { ListRequest, ResourceModule } from "../../resources/types";
import { page } from "../../components/kit/page";
import { screensOf } from "../../resources/define";

const BASE = "/api/blogs/master";

/** Filter fields the posts endpoint accepts as query parameters. */
const LIST_FILTERS = ["search", "type", "status", "shopId"] as const;

function filterValue(filters: CrudFilter[], field: string): unknown {
  for (const f of filters) {
    if ("field" in f && f.field === field) return f.value;
  }
  return undefined;
}

/** Refine list params → `page, limit, search, type, status, shopId`, leaving out empty filters. */
export function postsQuery(req: ListRequest): Record<string, unknown> {
  const query: Record<string, unknown> = { page: req.page, limit: req.limit };
  for (const field of LIST_FILTERS) {
    let value = filterValue(req.filters, field);
    if (typeof value === "string") value = value.trim();
    if (value === undefined || value === null || value === "") continue;
    query[field] = value;
  }
  return query;
}

const endpoints: ResourceModule["endpoints"] = {
  list: {
    method: "GET",
    path: `${BASE}/posts`,
    toRequest: postsQuery,
    fromResponse: (body) => ({
      data: body?.items ?? [],
      total: body?.total ?? 0,
      extra: { maxpage: body?.maxpage ?? 0 },
    }),
  },
  one: {
    method: "GET",
    path: `${BASE}/post`,
    toRequest: (id) => ({ id }),
    fromResponse: (body) => body.data,
  },
  create: {
    method: "POST",
    path: `${BASE}/new`,
    toRequest: (variables) => variables,
    fromResponse: (body) => body.data,
  },
  update: {
    method: "POST",
    path: `${BASE}/edit`,
    toRequest: (variables, id) => ({ ...variables, id: Number(id) }),
    fromResponse: (body) => body.data,
  },
  remove: {
    method: "POST",
    path: `${BASE}/deletecontent`,
    toRequest: (_variables, id) => ({ id: Number(id) }),
  },
  actions: {
    close: { method: "POST", path: `${BASE}/closecontent` },
    menu: { method: "GET", path: `${BASE}/menu` },
    products: { method: "GET", path: `${BASE}/product` },
    sortProducts: { method: "POST", path: `${BASE}/sortproductidea` },
    removeProduct: { method: "POST", path: `${BASE}/deleteproductidea` },
  },
};

export const blog: ResourceModule = {
  pages: {
    blog: {
      list: page(() => import("./PostList").then((m) => m.PostList), { area: "admin" }),
      create: page(() => import("./PostForm").then((m) => m.PostForm), { area: "admin", mode: "create" }),
      edit: page(() => import("./PostForm").then((m) => m.PostForm), { area: "admin", mode: "edit" }),
      show: page(() => import("./PostShow").then((m) => m.PostShow), { area: "admin" }),
    },
    "supplier-blog": {
      list: page(() => import("./PostList").then((m) => m.PostList), { area: "supplier" }),
      create: page(() => import("./PostForm").then((m) => m.PostForm), { area: "supplier", mode: "create" }),
      edit: page(() => import("./PostForm").then((m) => m.PostForm), { area: "supplier", mode: "edit" }),
      show: page(() => import("./PostShow").then((m) => m.PostShow), { area: "supplier" }),
    },
  },
  name: "blog",
  endpoints,
  resources: screensOf("blogs"),
};

export default blog;
