import type { BaseRecord } from "@refinedev/core";
import { afterEach, describe, expect, it } from "vitest";
import { createDataProvider } from "../../src/providers/data";
import type { ResourceModule } from "../../src/resources/types";
import { mockHttp } from "./helpers";
import { restDataProvider } from "../../src/providers/rest";

/** What the made-up endpoints answer: each reader names its own path's answer. */
type WidgetPage = { items: BaseRecord[]; total: number; maxpage: number };
type Saved = { data: BaseRecord };

/** A made-up domain: the provider must work from the endpoint map alone. */
const widgets: ResourceModule = {
  name: "widget",
  endpoints: {
    list: {
      method: "GET",
      path: "/api/widgets/list",
      toRequest: ({ page, limit, filters }) => ({
        page,
        limit,
        ...Object.fromEntries(filters.flatMap((f) => ("field" in f ? [[f.field, f.value]] : []))),
      }),
      fromResponse: (body: WidgetPage) => ({ data: body.items, total: body.total, extra: { maxpage: body.maxpage } }),
    },
    one: {
      method: "GET",
      path: "/api/widgets/one",
      toRequest: (id) => ({ id }),
      fromResponse: (body: Saved) => body.data,
    },
    create: { method: "POST", path: "/api/widgets/new", toRequest: (v) => v, fromResponse: (body: Saved) => body.data },
    update: { method: "POST", path: "/api/widgets/edit", toRequest: (v, id) => ({ ...v, id: Number(id) }) },
    remove: { method: "POST", path: "/api/widgets/delete", toRequest: (_v, id) => ({ id: Number(id) }) },
    actions: {
      close: { method: "POST", path: "/api/widgets/close" },
      stats: { method: "GET", path: "/api/widgets/stats", toRequest: ({ shopId }) => ({ shop: shopId }) },
    },
  },
  resources: [
    {
      name: "widget",
      identifier: "admin-widget",
      meta: { label: "w", area: "admin", menuPath: "/admin/w", endpoints: [], built: true },
    },
    {
      name: "widget",
      identifier: "supplier-widget",
      meta: { label: "w", area: "supplier", menuPath: "/supplier/w", endpoints: [], built: true },
    },
  ],
};

const provider = createDataProvider([widgets]);
let restore: () => void = () => {};
afterEach(() => restore());

describe("data provider", () => {
  it("getList maps pagination and filters to GET query params and the answer to {data, total}", async () => {
    const m = mockHttp(() => ({ status: 200, data: { items: [{ id: 1 }, { id: 2 }], total: 12, maxpage: 6 } }));
    restore = m.restore;
    const result = await provider.getList({
      resource: "widget",
      pagination: { currentPage: 3, pageSize: 2 },
      filters: [{ field: "type", operator: "eq", value: "idea" }],
    });
    expect(m.calls[0]).toMatchObject({
      method: "GET",
      url: "/api/widgets/list",
      params: { page: 3, limit: 2, type: "idea" },
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 12, extra: { maxpage: 6 } });
  });

  it("finds the module by resource identifier as well as by name", async () => {
    const m = mockHttp(() => ({ status: 200, data: { data: { id: 5, name: "Lamp" } } }));
    restore = m.restore;
    expect(await provider.getOne({ resource: "supplier-widget", id: 5 })).toEqual({ data: { id: 5, name: "Lamp" } });
    expect(await provider.getOne({ resource: "widget", id: 5 })).toEqual({ data: { id: 5, name: "Lamp" } });
    expect(m.calls[0].params).toEqual({ id: 5 });
  });

  it("create, update and deleteOne POST JSON bodies built by the map", async () => {
    const m = mockHttp((req) => ({
      status: 200,
      data: { status: 200, message: "ok", data: { ...(req.data as object), saved: true } },
    }));
    restore = m.restore;
    expect(await provider.create({ resource: "widget", variables: { title: "A" } })).toEqual({
      data: { title: "A", saved: true },
    });
    await provider.update({ resource: "widget", id: "4", variables: { title: "B" } });
    await provider.deleteOne({ resource: "widget", id: 4 });
    expect(m.calls.map((c) => [c.method, c.url, c.data])).toEqual([
      ["POST", "/api/widgets/new", { title: "A" }],
      ["POST", "/api/widgets/edit", { title: "B", id: 4 }],
      ["POST", "/api/widgets/delete", { id: 4 }],
    ]);
  });

  it("custom with meta.action calls the resource's action: GET as query, POST as body", async () => {
    const m = mockHttp(() => ({ status: 200, data: { status: 200, message: "ok" } }));
    restore = m.restore;
    await provider.custom!({
      url: "",
      method: "post",
      payload: { id: 3, closed: true },
      meta: { resource: "widget", action: "close" },
    });
    await provider.custom!({
      url: "",
      method: "get",
      query: { shopId: 2 },
      meta: { resource: "admin-widget", action: "stats" },
    });
    expect(m.calls[0]).toMatchObject({ method: "POST", url: "/api/widgets/close", data: { id: 3, closed: true } });
    expect(m.calls[1]).toMatchObject({ method: "GET", url: "/api/widgets/stats", params: { shop: 2 } });
  });

  it("fails with Refine's HttpError, field errors keyed by field", async () => {
    restore = mockHttp(() => ({ status: 404, data: { status: 404, message: "Widget not found" } })).restore;
    await expect(provider.getOne({ resource: "widget", id: 99 })).rejects.toEqual({
      message: "Widget not found",
      statusCode: 404,
    });
    restore();
    restore = mockHttp(() => ({
      status: 400,
      data: { status: 400, message: "Bad", errors: [{ field: "name", message: "name is required" }] },
    })).restore;
    await expect(provider.create({ resource: "widget", variables: {} })).rejects.toEqual({
      message: "Bad",
      statusCode: 400,
      errors: { name: ["name is required"] },
    });
  });

  it("says which resource or operation is missing", async () => {
    await expect(provider.getList({ resource: "nope" })).rejects.toThrow('No resource module for "nope"');
    const bare = createDataProvider([{ ...widgets, endpoints: {} }]);
    await expect(bare.getList({ resource: "widget" })).rejects.toThrow('has no "list" endpoint');
    await expect(
      bare.custom!({ url: "", method: "get", meta: { resource: "widget", action: "close" } }),
    ).rejects.toThrow('has no action "close"');
  });
});

describe("rest data provider", () => {
  it("sends greater-than and less-than filters as <field>_gt / <field>_lt, not as equality", async () => {
    const m = mockHttp(() => ({ status: 200, data: [], headers: { "x-total-count": "0" } }));
    restore = m.restore;
    await restDataProvider.getList({
      resource: "chat-conversations/1/messages",
      pagination: { pageSize: 100 },
      filters: [
        { field: "id", operator: "gt", value: 16 },
        { field: "id", operator: "lte", value: 40 },
      ],
      sorters: [{ field: "id", order: "asc" }],
    });
    const url = new URL(m.calls[0].url, "http://x");
    expect(url.pathname).toBe("/api/v2/chat-conversations/1/messages");
    expect(url.searchParams.get("id_gt")).toBe("16");
    expect(url.searchParams.get("id_lte")).toBe("40");
    expect(url.searchParams.has("id")).toBe(false);
  });
});
