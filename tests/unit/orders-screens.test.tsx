import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";

// The HTTP layer is the seam: the real data provider and endpoint map run above it.
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../src/providers/http", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/providers/http")>()),
  get: http.get,
  post: http.post,
}));

import en from "../../public/locales/en/orders.json";
import { createDataProvider } from "../../src/providers/data";
import { orders } from "../../src/features/orders/resource";
import { OrderList } from "../../src/features/orders/OrderList";
import { noSavedViews, englishFrom } from "./helpers";

const ORDERS = [
  {
    id: 1,
    orderNo: "SO2611000001",
    shopId: 2,
    shopName: "Baan Teak Furniture",
    customerName: "Somchai K.",
    customerPhone: "0812345678",
    channel: "web",
    branchId: null,
    branchName: null,
    shipment: "delivery",
    status: "paid",
    paymentMethod: "transfer",
    itemCount: 2,
    total: 12500,
    createdAt: "2026-11-20T08:00:00Z",
    updatedAt: "2026-11-20T08:00:00Z",
  },
  {
    id: 2,
    orderNo: "SO2611000002",
    shopId: 3,
    shopName: "Chiang Mai Ceramics",
    customerName: "Nok P.",
    customerPhone: "0898765432",
    channel: "line",
    branchId: null,
    branchName: null,
    shipment: "delivery",
    status: "preparing",
    paymentMethod: "transfer",
    itemCount: 1,
    total: 890,
    createdAt: "2026-11-21T08:00:00Z",
    updatedAt: "2026-11-21T08:00:00Z",
  },
];
const COUNTS = [
  { status: "all", count: 40 },
  { status: "pending_payment", count: 5 },
  { status: "paid", count: 12 },
  { status: "preparing", count: 7 },
];
const STATUSES = [
  "pending_payment",
  "paid",
  "preparing",
  "ready_to_ship",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
].map((code, sort) => ({ code, name: code, sort }));

const i18nProvider = englishFrom(en);

function renderList() {
  return render(
    <MemoryRouter initialEntries={["/admin/orders/list"]}>
      <Refine
        dataProvider={{ default: createDataProvider([orders]), rest: noSavedViews }}
        routerProvider={routerProvider}
        i18nProvider={i18nProvider}
        resources={orders.resources}
        options={{
          disableTelemetry: true,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
        }}
      >
        <Routes>
          <Route path="/admin/orders/list" element={<OrderList variant="all" />} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  http.get.mockImplementation(async (path: string) => {
    if (path.endsWith("/masterorderstatus")) return { data: STATUSES };
    if (path.endsWith("/masterorderchanel"))
      return {
        data: [
          { code: "web", name: "Web" },
          { code: "line", name: "LINE" },
        ],
      };
    if (path.endsWith("/masterbranch")) return { data: [] };
    if (path.endsWith("/masterproduct")) return { data: { shops: [{ id: 2, name: "Baan Teak Furniture" }] } };
    throw { status: 404, message: "not found" };
  });
  http.post.mockImplementation(async (path: string, body: { status?: string; ids?: number[] }) => {
    if (path === "/api/order/orderlist")
      return {
        orders: body.status ? ORDERS.filter((o) => o.status === body.status) : ORDERS,
        totalorders: 40,
        maxpageorders: 2,
        sumordersstatus: COUNTS,
      };
    if (path === "/api/order/changestatusorder")
      return { status: 200, message: "ok", data: { updated: body.ids, failed: [] } };
    throw { status: 404, message: "not found" };
  });
});

afterEach(() => {
  vi.clearAllMocks();
});

describe("order list", () => {
  it("shows the server's page with status tabs counted by sumordersstatus, and filters by a tab", async () => {
    renderList();
    expect(await screen.findByText("SO2611000001")).toBeInTheDocument();
    expect(http.post).toHaveBeenCalledWith("/api/order/orderlist", { page: 1, limit: 20 });
    const paidTab = await screen.findByRole("tab", { name: "Paid (12)" });
    expect(screen.getByRole("tab", { name: "All (40)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Cancelled (0)" })).toBeInTheDocument();

    fireEvent.click(paidTab);
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/order/orderlist", { page: 1, limit: 20, status: "paid" }),
    );
    await waitFor(() => expect(screen.queryByText("SO2611000002")).not.toBeInTheDocument());
  });

  it("debounces the search into one request", async () => {
    renderList();
    await screen.findByText("SO2611000001");
    http.post.mockClear();
    const box = screen.getByRole("searchbox", { name: "Order no., customer or phone" });
    fireEvent.change(box, { target: { value: "08" } });
    fireEvent.change(box, { target: { value: "0812" } });
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/order/orderlist", { page: 1, limit: 20, search: "0812" }),
    );
    expect(http.post.mock.calls.filter(([p]) => p === "/api/order/orderlist")).toHaveLength(1);
  });

  it("changes the status of the selected orders only after confirmation", async () => {
    renderList();
    const row = (await screen.findByText("SO2611000002")).closest("tr")!;
    fireEvent.click(within(row).getByRole("checkbox"));
    expect(await screen.findByText("1 selected")).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "New status" }));
    fireEvent.click(await screen.findByTitle("Ready to ship"));
    fireEvent.click(screen.getByRole("button", { name: /Change status/ }));
    expect(http.post).not.toHaveBeenCalledWith("/api/order/changestatusorder", expect.anything());
    const confirm = await screen.findByRole("tooltip");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Apply" })));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/order/changestatusorder", { ids: [2], status: "ready_to_ship" }),
    );
  });
});
