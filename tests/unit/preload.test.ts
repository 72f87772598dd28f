import { afterEach, describe, expect, it, vi } from "vitest";
import { dataProvider } from "../../src/providers/data";
import { get, post, prefetch } from "../../src/providers/http";
import { preloadRoute } from "../../src/preload";
import { pages } from "../../src/resources";
import { storeSession } from "../../src/providers/session-store";
import { fakeJwt, mockHttp } from "./helpers";

/** An administrator granted the order list only. */
const signInAdmin = () =>
  storeSession(
    fakeJwt(3600),
    { id: 1, username: "admin", email: "", firstName: "", lastName: "", role: "admin", shops: [] },
    [
      {
        subheader: "nav.orders",
        items: [
          {
            title: "nav.orders",
            path: "/admin/orders",
            children: [{ title: "nav.orderList", path: "/admin/orders/list" }],
          },
        ],
      },
    ],
  );

let restore: () => void = () => {};
afterEach(() => {
  restore();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("early reads (providers/http.ts prefetch)", () => {
  it("the first identical request takes the early answer over; the next one reads afresh", async () => {
    const m = mockHttp((req) => ({ status: 200, data: { n: m.calls.length, url: req.url } }));
    restore = m.restore;
    prefetch(() => post("/api/order/orderlist", { page: 1, limit: 20 }));
    await vi.waitFor(() => expect(m.calls).toHaveLength(1));
    // Same body with its keys in another order: the same request.
    expect(await post("/api/order/orderlist", { limit: 20, page: 1 })).toEqual({ n: 1, url: "/api/order/orderlist" });
    expect(m.calls).toHaveLength(1);
    await post("/api/order/orderlist", { page: 1, limit: 20 });
    expect(m.calls).toHaveLength(2);
  });

  it("another query, path or method is another request", async () => {
    const m = mockHttp(() => ({ status: 200, data: {} }));
    restore = m.restore;
    prefetch(() => get("/api/masterdata/masterbranch", {}));
    await get("/api/masterdata/masterbranch", { shopId: 3 });
    await post("/api/masterdata/masterbranch", {});
    await get("/api/masterdata/masterorderstatus");
    expect(m.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/masterdata/masterbranch",
      "GET /api/masterdata/masterbranch",
      "POST /api/masterdata/masterbranch",
      "GET /api/masterdata/masterorderstatus",
    ]);
    // The early one is still kept for its own request (GET with no query is the same as an empty one).
    await get("/api/masterdata/masterbranch");
    expect(m.calls).toHaveLength(4);
  });

  it("a failed early read fails its claimer once; the retry sends a new request", async () => {
    let status = 500;
    const m = mockHttp(() => ({ status, data: { message: "down" } }));
    restore = m.restore;
    prefetch(() => get("/api/report/getReloadDashboard", {}));
    await expect(get("/api/report/getReloadDashboard", {})).rejects.toMatchObject({ statusCode: 500 });
    status = 200;
    await get("/api/report/getReloadDashboard", {});
    expect(m.calls).toHaveLength(2);
  });

  it("an unclaimed early answer is dropped after a while, and requests outside prefetch are never kept", async () => {
    vi.useFakeTimers();
    const m = mockHttp(() => ({ status: 200, data: {} }));
    restore = m.restore;
    prefetch(() => get("/api/a", {}));
    await get("/api/b", {});
    await get("/api/b", {});
    expect(m.calls).toHaveLength(3);
    vi.advanceTimersByTime(16_000);
    await get("/api/a", {});
    expect(m.calls).toHaveLength(4);
  });
});

describe("route loader (src/preload.ts)", () => {
  it("starts the order list's chunk and reads its page 1 and the masters of its filters, as the list will ask", async () => {
    const m = mockHttp(() => ({ status: 200, data: { orders: [], totalorders: 0, data: [] } }));
    restore = m.restore;
    signInAdmin();
    const page = pages.orders.list!;
    const started = vi.spyOn(page, "preload").mockResolvedValue(undefined);
    void preloadRoute("/admin/orders/list", "");
    expect(started).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(m.calls.map((c) => c.url)).toHaveLength(5));
    expect(m.calls.map((c) => c.url).sort()).toEqual([
      "/api/masterdata/masterbranch",
      "/api/masterdata/masterorderchanel",
      "/api/masterdata/masterorderstatus",
      "/api/order/orderlist",
      "/api/product/masterproduct",
    ]);
    // The table's own read (useListTable: page 1, 20 rows, no filters) is the one kept.
    await dataProvider.getList({
      resource: "orders",
      pagination: { currentPage: 1, pageSize: 20, mode: "server" },
      filters: [],
      sorters: [],
    });
    expect(m.calls).toHaveLength(5);
  });

  it("reads ahead on a reload of the untouched list: the address holds only page 1 of the default size", async () => {
    const m = mockHttp(() => ({ status: 200, data: { orders: [], totalorders: 0, data: [] } }));
    restore = m.restore;
    signInAdmin();
    vi.spyOn(pages.orders.list!, "preload").mockResolvedValue(undefined);
    void preloadRoute("/admin/orders/list", "?pageSize=20&currentPage=1");
    await vi.waitFor(() => expect(m.calls.map((c) => c.url)).toContain("/api/order/orderlist"));
    const before = m.calls.length;
    await dataProvider.getList({
      resource: "orders",
      pagination: { currentPage: 1, pageSize: 20, mode: "server" },
      filters: [],
      sorters: [],
    });
    expect(m.calls).toHaveLength(before);
  });

  it("reads ahead on a reload of the untouched product list: its initial sorting in the address is the table's own", async () => {
    const m = mockHttp(() => ({ status: 200, data: { items: [], total: 0, maxpage: 0, data: [] } }));
    restore = m.restore;
    storeSession(
      fakeJwt(3600),
      { id: 2, username: "supplier1", email: "", firstName: "", lastName: "", role: "supplier", shops: [] },
      [
        {
          subheader: "nav.catalogue",
          items: [
            {
              title: "nav.products",
              path: "/supplier/product",
              children: [{ title: "nav.productList", path: "/supplier/product/list" }],
            },
          ],
        },
      ],
    );
    vi.spyOn(pages["supplier-product"].list!, "preload").mockResolvedValue(undefined);
    void preloadRoute(
      "/supplier/product/list",
      "?pageSize=20&currentPage=1&sorters[0][field]=createdAt&sorters[0][order]=desc",
    );
    await vi.waitFor(() => expect(m.calls.map((c) => c.url)).toContain("/api/product/productlist"));
    const before = m.calls.length;
    void preloadRoute(
      "/supplier/product/list",
      "?pageSize=20&currentPage=1&sorters[0][field]=createdAt&sorters[0][order]=asc",
    );
    expect(m.calls).toHaveLength(before);
  });

  it("reads nothing ahead for an address with filters, another page or size, or for a path no screen has", () => {
    const m = mockHttp(() => ({ status: 200, data: {} }));
    restore = m.restore;
    signInAdmin();
    vi.spyOn(pages.orders.list!, "preload").mockResolvedValue(undefined);
    for (const search of [
      "?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=paid",
      "?pageSize=20&currentPage=2",
      "?pageSize=50&currentPage=1",
    ]) {
      void preloadRoute("/admin/orders/list", search);
    }
    expect(m.calls.map((c) => c.url)).not.toContain("/api/order/orderlist");
    const before = m.calls.length;
    void preloadRoute("/admin/no-such-screen", "");
    expect(m.calls).toHaveLength(before);
  });

  it("starts nothing for a screen the user is not granted", () => {
    const m = mockHttp(() => ({ status: 200, data: {} }));
    restore = m.restore;
    storeSession(
      fakeJwt(3600),
      { id: 2, username: "supplier1", email: "", firstName: "", lastName: "", role: "supplier", shops: [] },
      [],
    );
    const started = vi.spyOn(pages.orders.list!, "preload").mockResolvedValue(undefined);
    void preloadRoute("/admin/orders/list", "");
    expect(started).not.toHaveBeenCalled();
    expect(m.calls).toHaveLength(0);
  });

  it("a page chunk that fails to load is asked for again next time", async () => {
    const { page } = await import("../../src/components/kit/page");
    let attempts = 0;
    const screen = page(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(() => null);
    });
    await expect(screen.preload()).rejects.toThrow("offline");
    await expect(screen.preload()).resolves.toHaveProperty("default");
    await screen.preload();
    expect(attempts).toBe(2);
  });
});
