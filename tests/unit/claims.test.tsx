import type { ReactNode } from "react";
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
import { ClaimDetail, ClaimList, ClaimNew } from "../../src/features/orders/Claims";
import { toApiError } from "../../src/providers/http-shared";
import { noSavedViews, englishFrom } from "./helpers";

const claim = (id: number, status: string, kind = "claim") => ({
  id,
  claimNo: `CLM-${id}`,
  kind,
  orderId: 41,
  orderNo: "SO261100041",
  orderItemId: 9,
  productCode: "HPL-1",
  productName: "Teak chair",
  shopName: "Baan Teak Furniture",
  reasonCode: "damaged",
  reasonName: "Damaged",
  qty: 1,
  description: "Leg cracked",
  photos: [],
  status,
  resolution: null,
  createdAt: "2026-11-21T08:00:00Z",
  updatedAt: "2026-11-21T08:00:00Z",
  createdByName: "Ann",
});

const i18nProvider = englishFrom(en);

function renderAt(url: string, path: string, element: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
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
          <Route path={path} element={element} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

const listCalls = () => http.get.mock.calls.filter(([p]) => p === "/api/order/claimlist").map(([, q]) => q);
let current = claim(7, "filed");

beforeEach(() => {
  current = claim(7, "filed");
  http.get.mockImplementation(async (path: string) => {
    if (path === "/api/order/claimlist")
      return { items: [claim(7, "filed"), claim(8, "approved", "return")], total: 2, maxpage: 1 };
    if (path === "/api/order/claimdetail")
      return { data: { ...current, order: { id: 41, orderNo: "SO261100041" }, history: [] } };
    return { data: [], items: [] };
  });
  http.post.mockResolvedValue({ status: 200, message: "ok", data: claim(7, "reviewing") });
});
afterEach(() => vi.clearAllMocks());

describe("claims and returns", () => {
  it("the kind tabs change what is asked", async () => {
    renderAt("/admin/orders/productclaim", "/admin/orders/productclaim", <ClaimList />);
    expect(await screen.findByText("CLM-7")).toBeInTheDocument();
    // No Create leading to the new-claim route with its order id left as ":id".
    expect(document.querySelector('a[href*=":id"]')).toBeNull();
    expect(screen.queryByRole("button", { name: /create/i })).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: en.orders.claimKind.return }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ kind: "return" }));
  });

  it("a filed claim can only go to review, after confirmation, sending the state it was read in", async () => {
    renderAt(
      "/admin/orders/productclaim/product-claim-detail/7/view",
      "/admin/orders/productclaim/product-claim-detail/:id/view",
      <ClaimDetail id="7" kind="claim" />,
    );
    const move = await screen.findByRole("button", { name: /Reviewing/ });
    expect(screen.queryByRole("button", { name: /Approved|Resolved|Rejected/ })).toBeNull();
    fireEvent.click(move);
    const confirm = await screen.findByRole("tooltip");
    fireEvent.click(within(confirm).getByRole("button", { name: en.orders.actions.apply }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/order/setclaimorder", {
        id: 7,
        status: "reviewing",
        expectedStatus: "filed",
      }),
    );
  });

  it("a closed claim offers no move", async () => {
    current = claim(7, "resolved");
    renderAt(
      "/admin/orders/productclaim/product-claim-detail/7/view",
      "/admin/orders/productclaim/product-claim-detail/:id/view",
      <ClaimDetail id="7" kind="claim" />,
    );
    await screen.findByText("Leg cracked");
    expect(screen.queryByRole("button", { name: /Move to|Reviewing|Approved|Rejected/ })).toBeNull();
  });
});

describe("filing a claim", () => {
  const order = {
    id: 41,
    orderNo: "SO261100041",
    status: "completed",
    canClaim: true,
    canCancel: false,
    nextStatuses: [],
    timeline: [],
  };
  const items = [
    {
      id: 9,
      orderId: 41,
      productId: 3,
      productCode: "HPL-1",
      productName: "Teak chair",
      qty: 2,
      unitPrice: 100,
      amount: 200,
      ready: true,
      readyAt: null,
      claimedQty: 0,
    },
    {
      id: 10,
      orderId: 41,
      productId: 4,
      productCode: "HPL-2",
      productName: "Teak table",
      qty: 1,
      unitPrice: 900,
      amount: 900,
      ready: true,
      readyAt: null,
      claimedQty: 1,
    },
  ];
  beforeEach(() => {
    http.get.mockImplementation(async (path: string) => {
      if (path === "/api/order/orderview") return { data: order };
      if (path === "/api/order/orderviewitem") return { items };
      if (path === "/api/masterdata/masterclaim")
        return {
          data: [
            { id: 1, code: "damaged", name: "Damaged", kind: "claim" },
            { id: 2, code: "unwanted", name: "No longer wanted", kind: "return" },
          ],
        };
      return { data: [], items: [] };
    });
  });
  const open = () =>
    renderAt(
      "/admin/orders/productclaim/product-claim-new/41?item=9",
      "/admin/orders/productclaim/product-claim-new/:id",
      <ClaimNew id="41" />,
    );
  const pick = async (label: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
    fireEvent.click(await screen.findByTitle(option));
  };

  it("names every missing field and sends nothing", async () => {
    open();
    expect(await screen.findByRole("heading", { name: "New claim on SO261100041" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Back to the order/ })).toHaveAttribute("href", "/admin/orders/41/view");
    fireEvent.click(screen.getByRole("button", { name: "File a claim" }));
    expect(await screen.findByText("Reason: choose one")).toBeInTheDocument();
    // The write takes a claim without words: the reason names what is wrong.
    expect(screen.queryByText("Description: say what is wrong")).not.toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
  });

  it("sends the item, kind, reason, quantity and text as a form; a server field error lands on its field", async () => {
    http.post.mockRejectedValueOnce(
      toApiError(400, { message: "Bad input", errors: [{ field: "qty", message: "qty: at most 2 left to claim" }] }),
    );
    open();
    await screen.findByRole("heading", { name: "New claim on SO261100041" });
    await pick("Reason", "Damaged");
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "  Leg cracked  " } });
    fireEvent.click(screen.getByRole("button", { name: "File a claim" }));
    expect(await screen.findByText("qty: at most 2 left to claim")).toBeInTheDocument();
    const [path, body] = http.post.mock.calls[0] as [string, FormData];
    expect(path).toBe("/api/order/fileclaim");
    expect(Object.fromEntries(body.entries())).toEqual({
      orderItemId: "9",
      kind: "claim",
      reasonCode: "damaged",
      qty: "1",
      description: "Leg cracked",
    });
  });
});
