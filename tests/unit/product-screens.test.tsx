import type { ReactNode } from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp } from "antd";
import { MemoryRouter, Route, Routes } from "react-router";

// The HTTP layer is the seam: the real data provider and endpoint map run above it.
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../src/providers/http", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/providers/http")>()),
  get: http.get,
  post: http.post,
}));

import { createDataProvider } from "../../src/providers/data";
import { product } from "../../src/features/product/resource";
import { ProductList } from "../../src/features/product/ProductList";
import { ApproveQueue } from "../../src/features/product/ApproveQueue";
import { NewProductCreate } from "../../src/features/product/NewProductCreate";

const summary = (id: number, code: string, name: string, extra: Record<string, unknown> = {}) => ({
  id, shopId: 1, shopName: "HomePro Lighting", code, name, price: 479, imageUrl: null, brandId: 5, brandName: "Philips",
  level1Id: 1, level1Name: "Lighting", level2Id: 99, level2Name: "LED Bulbs", approvalStatus: "approved", rejectReason: null,
  online: false, isNew: false, submittedAt: null, approvedAt: "2026-11-01T00:00:00Z", createdAt: "2026-10-01T00:00:00Z",
  updatedAt: "2026-10-02T00:00:00Z", ...extra,
});

const PRODUCTS = [
  summary(8, "HPL-10008", "Philips Smart Bulb Wi-Fi 10W"),
  summary(9, "HPL-10009", "Osram Solar Garden Light", { approvalStatus: "rejected", rejectReason: "Blurry photos" }),
];
const MASTERS = {
  data: {
    shops: [{ id: 1, name: "HomePro Lighting" }, { id: 2, name: "CoolAir Climate Solutions" }],
    brands: [{ id: 5, name: "Philips" }],
    level1: [{ id: 1, name: "Lighting" }],
    level2: [{ id: 99, name: "LED Bulbs", parentId: 1 }],
    statuses: [],
    channels: [],
  },
};

function renderAt(path: string, element: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <Refine
          dataProvider={createDataProvider([product])}
          routerProvider={routerProvider}
          resources={product.resources}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
        >
          <Routes>
            <Route path={path} element={element} />
            <Route path="/supplier/product/newproduct/:id" element={<p>new product page</p>} />
          </Routes>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.setItem("users", JSON.stringify({ role: "supplier", shops: [{ id: 1, name: "HomePro Lighting" }] }));
  http.get.mockImplementation(async (path: string, query: Record<string, unknown>) => {
    if (path.endsWith("/masterproduct")) return MASTERS;
    if (path.endsWith("/masterproductedit")) return { data: { brands: [], level1: [], level2: [], units: [], warranties: [] } };
    if (path.endsWith("/productlist") || path.endsWith("/productapprovelist")) return { items: PRODUCTS, total: 45, maxpage: 3 };
    if (path.endsWith("/searchproductcode")) return { data: { exists: query.code === "HPL-10008", product: null } };
    throw { status: 404, message: "not found" };
  });
  http.post.mockResolvedValue({ status: 200, message: "ok" });
});

afterEach(() => {
  vi.clearAllMocks();
});

describe("admin product list", () => {
  it("shows the server's page with state tags, pages and sorts on the server", async () => {
    renderAt("/admin/product/listproduct", <ProductList area="admin" />);
    const row = (await screen.findByText("Osram Solar Garden Light")).closest("tr")!;
    expect(within(row).getByText("Rejected")).toBeInTheDocument();
    expect(within(row).getByText("Closed")).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith("/api/product/productlist", { page: 1, limit: 20, sort: "createdAt", order: "desc" });

    fireEvent.click(within(screen.getByTitle("Next Page")).getByRole("button"));
    await waitFor(() => expect(http.get).toHaveBeenCalledWith("/api/product/productlist", expect.objectContaining({ page: 2 })));

    fireEvent.click(screen.getByText("Price (THB)"));
    await waitFor(() => expect(http.get).toHaveBeenCalledWith("/api/product/productlist", expect.objectContaining({ sort: "price", order: "asc" })));
  });

  it("sends the search and filters as query parameters", async () => {
    renderAt("/admin/product/listproduct", <ProductList area="admin" />);
    await screen.findByText("Osram Solar Garden Light");
    http.get.mockClear();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search name or code" }), { target: { value: "bulb" } });
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith("/api/product/productlist", expect.objectContaining({ page: 1, search: "bulb" })),
    );
  });

  it("puts the selected products online in one call, only after confirmation", async () => {
    renderAt("/admin/product/listproduct", <ProductList area="admin" />);
    const row = (await screen.findByText("Philips Smart Bulb Wi-Fi 10W")).closest("tr")!;
    fireEvent.click(within(row).getByRole("checkbox"));
    const toolbar = await screen.findByRole("toolbar", { name: "Selected products" });
    expect(within(toolbar).getByText("1 selected")).toBeInTheDocument();
    fireEvent.click(within(toolbar).getByRole("button", { name: /Put online/ }));
    expect(http.post).not.toHaveBeenCalled();
    const confirm = await screen.findByRole("tooltip");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Put online" })));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith("/api/product/productonline", { ids: [8], online: true }));
  });

  it("a supplier sees no selection, online or price controls", async () => {
    renderAt("/supplier/product/list", <ProductList area="supplier" />);
    const row = (await screen.findByText("Philips Smart Bulb Wi-Fi 10W")).closest("tr")!;
    expect(within(row).queryByRole("checkbox")).toBeNull();
    expect(within(row).queryByRole("button", { name: /Put online|Change price/ })).toBeNull();
    expect(within(row).getByRole("button", { name: "Edit: Philips Smart Bulb Wi-Fi 10W" })).toBeInTheDocument();
  });
});

describe("approval queue", () => {
  it("rejects with the reason the supplier will see", async () => {
    http.get.mockImplementation(async (path: string) => {
      if (path.endsWith("/masterproduct")) return MASTERS;
      if (path.endsWith("/masterfeedback")) return { items: [{ id: 1, name: "Photos are blurry" }], total: 1, maxpage: 1 };
      if (path.endsWith("/productapprovelist")) return { items: [summary(8, "HPL-10008", "Philips Smart Bulb Wi-Fi 10W", { approvalStatus: "pending" })], total: 1, maxpage: 1 };
      throw { status: 404, message: "not found" };
    });
    renderAt("/admin/product/listproductapprove", <ApproveQueue />);
    fireEvent.click(await screen.findByRole("button", { name: "Reject: Philips Smart Bulb Wi-Fi 10W" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Enter the reason the supplier will see")).toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Photos are blurry" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith("/api/product/unapproveproduct", { id: 8, reason: "Photos are blurry" }));
    expect(http.get).toHaveBeenCalledWith("/api/product/productapprovelist", { page: 1, limit: 20 });
  });
});

describe("new product form", () => {
  const fill = async () => {
    fireEvent.change(await screen.findByLabelText("Code"), { target: { value: "HPL-20001" } });
    fireEvent.change(screen.getByLabelText("Price (THB)"), { target: { value: "1290" } });
    fireEvent.change(screen.getByLabelText("Product name"), { target: { value: "Rattan lounge chair" } });
  };

  it("creates a draft and opens it to add images", async () => {
    http.post.mockResolvedValueOnce({ status: 200, message: "Created", data: { ...summary(31, "HPL-20001", "Rattan lounge chair"), version: 1 } });
    renderAt("/supplier/product/newproduct/create", <NewProductCreate />);
    await fill();
    fireEvent.click(screen.getByRole("button", { name: /Save draft/ }));
    expect(await screen.findByText("new product page")).toBeInTheDocument();
    expect(http.post).toHaveBeenCalledWith("/api/product/createnewproduct", { shopId: 1, code: "HPL-20001", price: 1290, name: "Rattan lounge chair" });
  });

  it("puts the server's field errors on the fields they name", async () => {
    http.post.mockRejectedValueOnce({ status: 400, message: "Validation failed", errors: [{ field: "name", message: "Name must not contain HTML" }] });
    renderAt("/supplier/product/newproduct/create", <NewProductCreate />);
    await fill();
    fireEvent.click(screen.getByRole("button", { name: /Save draft/ }));
    expect(await screen.findByText("Name must not contain HTML")).toBeInTheDocument();
  });

  it("refuses a code the shop already uses before sending", async () => {
    renderAt("/supplier/product/newproduct/create", <NewProductCreate />);
    const code = await screen.findByLabelText("Code");
    fireEvent.change(code, { target: { value: "HPL-10008" } });
    fireEvent.blur(code);
    expect(await screen.findByText("This code is already used in this shop")).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith("/api/product/searchproductcode", { code: "HPL-10008", shopId: 1 });
    expect(http.post).not.toHaveBeenCalled();
  });
});
