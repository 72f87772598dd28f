import { describe, expect, it, vi } from "vitest";

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../src/providers/http", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/providers/http")>()),
  get: http.get,
  post: http.post,
}));

import { createDataProvider } from "../../src/providers/data";
import { orders } from "../../src/features/orders/resource";

describe("orders endpoint map", () => {
  it("turns the list filters into the orderlist body, leaving out empty ones and the all tab", () => {
    const body = orders.endpoints.list.toRequest({
      page: 2,
      limit: 50,
      filters: [
        { field: "status", operator: "eq", value: "all" },
        { field: "channel", operator: "eq", value: "web" },
        { field: "shopId", operator: "eq", value: 3 },
        { field: "dateFrom", operator: "eq", value: "2026-11-01" },
        { field: "dateTo", operator: "eq", value: "2026-11-22" },
        { field: "search", operator: "eq", value: "  SO2611 " },
        { field: "branchId", operator: "eq", value: undefined },
      ],
      sorters: [],
    });
    expect(body).toEqual({
      page: 2,
      limit: 50,
      channel: "web",
      shopId: 3,
      dateFrom: "2026-11-01",
      dateTo: "2026-11-22",
      search: "SO2611",
    });
    expect(
      orders.endpoints.list.toRequest({
        page: 1,
        limit: 20,
        filters: [{ field: "status", operator: "eq", value: "paid" }],
        sorters: [],
      }),
    ).toEqual({ page: 1, limit: 20, status: "paid" });
  });

  it("reads the legacy orderlist answer, with the status counts as a list extra", () => {
    const counts = [
      { status: "all", count: 9 },
      { status: "paid", count: 4 },
    ];
    expect(
      orders.endpoints.list.fromResponse({
        orders: [{ id: 1 }],
        totalorders: 9,
        maxpageorders: 1,
        sumordersstatus: counts,
      }),
    ).toEqual({
      data: [{ id: 1 }],
      total: 9,
      extra: { maxpage: 1, sumordersstatus: counts },
    });
    expect(orders.endpoints.list.fromResponse({})).toEqual({
      data: [],
      total: 0,
      extra: { maxpage: 0, sumordersstatus: [] },
    });
  });

  it("gives the branch, slip and claim screens their own lists over the same data provider", async () => {
    const provider = createDataProvider([orders]);
    http.post.mockResolvedValueOnce({
      orders: [{ id: 5 }],
      totalorders: 1,
      maxpageorders: 1,
      sumordersstatus: [{ status: "all", count: 1 }],
    });
    const list = await provider.getList({
      resource: "orders",
      pagination: { currentPage: 1, pageSize: 20 },
      filters: [{ field: "status", operator: "eq", value: "paid" }],
    });
    expect(http.post).toHaveBeenCalledWith("/api/order/orderlist", { page: 1, limit: 20, status: "paid" });
    expect(list).toMatchObject({
      data: [{ id: 5 }],
      total: 1,
      extra: { sumordersstatus: [{ status: "all", count: 1 }] },
    });

    http.get.mockResolvedValue({ items: [{ id: 7 }], total: 1, maxpage: 1 });
    await provider.getList({
      resource: "orders-branch",
      pagination: { currentPage: 1, pageSize: 20 },
      filters: [{ field: "branchId", operator: "eq", value: 2 }],
    });
    expect(http.get).toHaveBeenLastCalledWith("/api/order/orderlistbranch", { page: 1, limit: 20, branchId: 2 });
    await provider.getList({
      resource: "orders-slip",
      pagination: { currentPage: 1, pageSize: 20 },
      filters: [{ field: "status", operator: "eq", value: "pending" }],
    });
    expect(http.get).toHaveBeenLastCalledWith("/api/order/slippayment", { page: 1, limit: 20, status: "pending" });
    await provider.getList({ resource: "orders-claim", pagination: { currentPage: 1, pageSize: 20 }, filters: [] });
    expect(http.get).toHaveBeenLastCalledWith("/api/order/claimlist", { page: 1, limit: 20 });

    http.get.mockResolvedValueOnce({ data: { id: 4, claimNo: "CL1" } });
    expect(await provider.getOne({ resource: "orders-return", id: "4" })).toEqual({ data: { id: 4, claimNo: "CL1" } });
    expect(http.get).toHaveBeenLastCalledWith("/api/order/claimdetail", { id: 4 });

    // Domain verbs stay shared: the slip screen reaches approveslip through the module's actions.
    http.post.mockResolvedValueOnce({ status: 200, message: "ok" });
    await provider.custom!({
      url: "",
      method: "post",
      payload: { id: 3 },
      meta: { resource: "orders-slip", action: "approveSlip" },
    });
    expect(http.post).toHaveBeenLastCalledWith("/api/order/approveslip", { id: 3 });
  });

  it("declares the route table's order paths and marks them built", () => {
    expect(orders.resources.map((r) => [r.identifier, r.list, r.show, r.create, r.meta.built])).toEqual([
      ["orders", "/admin/orders/list", "/admin/orders/:id/view", undefined, true],
      ["orders-branch", "/admin/orders/listbranch", "/admin/orders/:id/viewbranch", undefined, true],
      ["orders-slip", "/admin/orders/listslip", undefined, undefined, true],
      ["orders-return", undefined, "/admin/orders/productclaim/product-return-detail/:id", undefined, true],
      [
        "orders-claim",
        "/admin/orders/productclaim",
        "/admin/orders/productclaim/product-claim-detail/:id/view",
        "/admin/orders/productclaim/product-claim-new/:id",
        true,
      ],
    ]);
  });
});
