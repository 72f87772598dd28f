import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
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
import { toApiError } from "../../src/providers/http-shared";
import { orders } from "../../src/features/orders/resource";
import { OrderView } from "../../src/features/orders/OrderView";
import { noSavedViews, englishFrom } from "./helpers";

const ORDER = {
  id: 5,
  orderNo: "SO2611000005",
  shopId: 2,
  shopName: "Baan Teak Furniture",
  customerName: "Somchai K.",
  customerPhone: "0812345678",
  customerEmail: null,
  channel: "web",
  branchId: null,
  branchName: null,
  shipment: "delivery",
  status: "paid",
  paymentMethod: "transfer",
  itemCount: 1,
  total: 1250,
  subtotal: 1250,
  discount: 0,
  shippingFee: 0,
  redeemPoints: 0,
  redeemRestored: false,
  transportType: "kerry",
  trackingNo: "KER1",
  cancelReason: null,
  paidAt: "2026-11-20T09:00:00Z",
  shippedAt: null,
  deliveredAt: null,
  completedAt: null,
  cancelledAt: null,
  createdAt: "2026-11-20T08:00:00Z",
  updatedAt: "2026-11-20T09:00:00Z",
  version: 2,
  nextStatuses: ["preparing", "cancelled"],
  canCancel: true,
  canClaim: false,
  shippingAddress: null,
  billingAddress: null,
  timeline: [
    {
      id: 2,
      kind: "shipping",
      fromStatus: null,
      toStatus: null,
      message: "Tracking changed to kerry KER1",
      code: "trackingChanged",
      params: { transportType: "kerry", trackingNo: "KER1" },
      actorId: 1,
      actorName: "Ann",
      createdAt: "2026-11-20T10:00:00Z",
    },
    {
      id: 1,
      kind: "status",
      fromStatus: "pending_payment",
      toStatus: "paid",
      message: "Status pending payment → paid: Slip ok",
      code: "status",
      params: { from: "pending_payment", to: "paid", reason: "Slip ok" },
      actorId: 1,
      actorName: "Ann",
      createdAt: "2026-11-20T09:00:00Z",
    },
  ],
};

const i18nProvider = englishFrom(en);

function renderOrder(id = "5") {
  return render(
    <MemoryRouter initialEntries={[`/admin/orders/${id}/view`]}>
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
          <Route path="/admin/orders/:id/view" element={<OrderView id={id} variant="all" />} />
          <Route path="/admin/orders/list" element={<p>order list</p>} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

const calls = (fn: typeof http.get, path: string) => fn.mock.calls.filter(([p]) => p === path).length;

beforeEach(() => {
  http.get.mockImplementation(async (path: string) => {
    if (path === "/api/order/orderview") return { data: ORDER };
    if (path === "/api/order/orderviewitem")
      return {
        items: [
          {
            id: 9,
            orderId: 5,
            productId: 1,
            productCode: "HPL-1",
            productName: "Teak chair",
            qty: 1,
            unitPrice: 1250,
            amount: 1250,
            ready: false,
            readyAt: null,
            claimedQty: 0,
          },
        ],
      };
    if (path.startsWith("/api/")) return { items: [], data: [] };
    throw toApiError(404, { message: "not found" });
  });
  http.post.mockResolvedValue({ status: 200, message: "ok", data: { ...ORDER, status: "preparing" } });
});

afterEach(() => vi.clearAllMocks());

describe("order view", () => {
  it("shows payment, shipment and carrier as words, and the timeline worded from its codes", async () => {
    renderOrder();
    expect(await screen.findByText("Bank transfer")).toBeInTheDocument();
    expect(screen.getByText("Home delivery")).toBeInTheDocument();
    expect(screen.getByText("Kerry Express KER1")).toBeInTheDocument();
    expect(screen.getByText("Tracking changed to Kerry Express KER1")).toBeInTheDocument();
    // A status move shows its statuses as tags and only the reason as text.
    expect(screen.getByText("Reason: Slip ok")).toBeInTheDocument();
    expect(screen.queryByText(/Status pending payment/)).toBeNull();
    expect(screen.queryByText("transfer")).toBeNull();
  });

  it("moves the status only after confirmation, sending the status it was read in", async () => {
    renderOrder();
    fireEvent.click(await screen.findByRole("button", { name: /Preparing/ }));
    expect(http.post).not.toHaveBeenCalledWith("/api/order/changestatusorder", expect.anything());
    const confirm = await screen.findByRole("tooltip");
    fireEvent.click(within(confirm).getByRole("button", { name: en.orders.actions.apply }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/order/changestatusorder", {
        id: 5,
        expectedStatus: "paid",
        status: "preparing",
      }),
    );
  });

  it("an order that does not exist or is another shop's is the not-found page after one read, with nothing else asked", async () => {
    http.get.mockImplementation(async () => {
      throw toApiError(404, { status: 404, message: "Order not found" });
    });
    renderOrder("999");
    expect(await screen.findByText("errors.recordNotFound")).toBeInTheDocument();
    expect(calls(http.get, "/api/order/orderview")).toBe(1);
    expect(calls(http.get, "/api/order/orderviewitem")).toBe(0);
    expect(screen.getByRole("link", { name: "errors.backToList" })).toHaveAttribute("href", "/admin/orders/list");
  });
});
