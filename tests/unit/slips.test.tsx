import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../src/providers/http", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/providers/http")>()),
  get: http.get,
  post: http.post,
}));

import en from "../../public/locales/en/orders.json";
import { createDataProvider } from "../../src/providers/data";
import { orders } from "../../src/features/orders/resource";
import { SlipList } from "../../src/features/orders/SlipList";
import { noSavedViews, englishFrom } from "./helpers";

const slip = (id: number, status: string) => ({
  id,
  orderId: 40 + id,
  orderNo: `SO26110000${id}`,
  shopId: 2,
  shopName: "Baan Teak Furniture",
  orderStatus: "pending_payment",
  bankCode: "kbank",
  bankName: "Kasikornbank",
  amount: 1250,
  transferredAt: "2026-11-20T08:00:00Z",
  imageUrl: `/api/files/slip-${id}.png`,
  status,
  note: null,
  uploadedByName: "Ann",
  createdAt: "2026-11-20T08:10:00Z",
  reviewedByName: null,
  reviewedAt: null,
});

const i18nProvider = englishFrom(en);

function renderSlips(url = "/admin/orders/listslip") {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Refine
        dataProvider={{ default: createDataProvider([orders]), rest: noSavedViews }}
        routerProvider={routerProvider}
        i18nProvider={i18nProvider}
        resources={orders.resources}
        options={{
          disableTelemetry: true,
          syncWithLocation: true,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
        }}
      >
        <Routes>
          <Route path="/admin/orders/listslip" element={<SlipList />} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

const listCalls = () => http.get.mock.calls.filter(([p]) => p === "/api/order/slippayment").map(([, q]) => q);

beforeEach(() => {
  http.get.mockImplementation(async (path: string, query: Record<string, unknown>) => {
    if (path === "/api/order/slippayment")
      return {
        items: query.status === "pending" || !query.status ? [slip(1, "pending")] : [slip(2, query.status as string)],
        total: 1,
        maxpage: 1,
      };
    if (path === "/api/order/approveslipview")
      return {
        data: { ...slip(1, "pending"), order: { id: 41, orderNo: "SO261100001", total: 1250 }, otherSlips: [] },
      };
    return { data: [], items: [] };
  });
  http.post.mockResolvedValue({ status: 200, message: "ok", data: slip(1, "approved") });
});
afterEach(() => vi.clearAllMocks());

describe("payment slips", () => {
  it("opens on the pending queue, and a tab changes what is asked", async () => {
    renderSlips();
    expect(await screen.findByText("SO261100001")).toBeInTheDocument();
    expect(listCalls()[0]).toMatchObject({ status: "pending" });
    fireEvent.click(screen.getByRole("tab", { name: en.orders.slipStatus.rejected }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ status: "rejected" }));
  });

  it("keeps the tab from the link it was opened with", async () => {
    renderSlips("/admin/orders/listslip?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=approved");
    await screen.findByText("SO261100002");
    expect(listCalls()[0]).toMatchObject({ status: "approved" });
  });

  it("approves a slip only after confirmation, with the reviewer's note", async () => {
    renderSlips();
    fireEvent.click(await screen.findByRole("button", { name: `${en.orders.actions.review}: SO261100001` }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(await within(dialog).findByRole("textbox", { name: en.orders.fields.reviewNote }), {
      target: { value: "Matches the bank statement" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: new RegExp(`${en.orders.actions.approve}$`) }));
    expect(http.post).not.toHaveBeenCalled();
    const confirm = await screen.findByRole("tooltip");
    fireEvent.click(within(confirm).getByRole("button", { name: en.orders.actions.approve }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/order/approveslip", {
        id: 1,
        approve: true,
        note: "Matches the bank statement",
      }),
    );
  });
});
