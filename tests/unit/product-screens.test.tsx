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
import { ProductEditor } from "../../src/features/product/ProductEditor";
import { AttributeMaster } from "../../src/features/product/AttributeMaster";
import { toApiError } from "../../src/providers/http-shared";
import { noSavedViews } from "./helpers";

const summary = (id: number, code: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  shopId: 1,
  shopName: "HomePro Lighting",
  code,
  name,
  price: 479,
  imageUrl: null,
  brandId: 5,
  brandName: "Philips",
  level1Id: 1,
  level1Name: "Lighting",
  level2Id: 99,
  level2Name: "LED Bulbs",
  approvalStatus: "approved",
  rejectReason: null,
  online: false,
  isNew: false,
  submittedAt: null,
  approvedAt: "2026-11-01T00:00:00Z",
  createdAt: "2026-10-01T00:00:00Z",
  updatedAt: "2026-10-02T00:00:00Z",
  ...extra,
});

const PRODUCTS = [
  summary(8, "HPL-10008", "Philips Smart Bulb Wi-Fi 10W"),
  summary(9, "HPL-10009", "Osram Solar Garden Light", { approvalStatus: "rejected", rejectReason: "Blurry photos" }),
];
const MASTERS = {
  data: {
    shops: [
      { id: 1, name: "HomePro Lighting" },
      { id: 2, name: "CoolAir Climate Solutions" },
    ],
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
          dataProvider={{ default: createDataProvider([product]), rest: noSavedViews }}
          routerProvider={routerProvider}
          resources={product.resources}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route path={path.split("?")[0]} element={element} />
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
    if (path.endsWith("/masterproductedit"))
      return { data: { brands: [], level1: [], level2: [], units: [], warranties: [] } };
    if (path.endsWith("/productlist") || path.endsWith("/productapprovelist"))
      return { items: PRODUCTS, total: 45, maxpage: 3 };
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
    expect(http.get).toHaveBeenCalledWith("/api/product/productlist", {
      page: 1,
      limit: 20,
      sort: "createdAt",
      order: "desc",
    });

    fireEvent.click(within(screen.getByTitle("Next Page")).getByRole("button"));
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith("/api/product/productlist", expect.objectContaining({ page: 2 })),
    );

    fireEvent.click(screen.getByText("Price (THB)"));
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith(
        "/api/product/productlist",
        expect.objectContaining({ sort: "price", order: "asc" }),
      ),
    );
  });

  it("sends the search and filters as query parameters", async () => {
    renderAt("/admin/product/listproduct", <ProductList area="admin" />);
    await screen.findByText("Osram Solar Garden Light");
    http.get.mockClear();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search name or code" }), { target: { value: "bulb" } });
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith(
        "/api/product/productlist",
        expect.objectContaining({ page: 1, search: "bulb" }),
      ),
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
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/product/productonline", { ids: [8], online: true }),
    );
  });

  it("a supplier sees no selection, online or price controls", async () => {
    renderAt("/supplier/product/list", <ProductList area="supplier" />);
    const row = (await screen.findByText("Philips Smart Bulb Wi-Fi 10W")).closest("tr")!;
    expect(within(row).queryByRole("checkbox")).toBeNull();
    expect(within(row).queryByRole("button", { name: /Put online|Change price/ })).toBeNull();
    // The edit action is a real link to the product's page (middle-click opens a tab).
    expect(within(row).getByRole("link", { name: "Edit: Philips Smart Bulb Wi-Fi 10W" })).toHaveAttribute(
      "href",
      "/supplier/product/8",
    );
  });
});

describe("approval queue", () => {
  /** A queue of 12 with one pending product on this page, submitted `ago` ms ago. */
  const answerQueue = (ago: number) =>
    http.get.mockImplementation(async (path: string) => {
      if (path.endsWith("/masterproduct")) return MASTERS;
      if (path.endsWith("/productapprovelist"))
        return {
          items: [
            summary(8, "HPL-10008", "Philips Smart Bulb Wi-Fi 10W", {
              approvalStatus: "pending",
              submittedAt: new Date(Date.now() - ago).toISOString(),
            }),
          ],
          total: 12,
          maxpage: 1,
        };
      throw { status: 404, message: "not found" };
    });

  it("says above the queue how many wait and how long the oldest has waited", async () => {
    answerQueue(3 * 86_400_000 + 60_000);
    renderAt("/admin/product/listproductapprove", <ApproveQueue />);
    expect(await screen.findByTestId("queue-summary")).toHaveTextContent(
      "Waiting: 12 · the oldest was submitted 3 days ago",
    );
  });

  it("rejects with the reason the supplier will see", async () => {
    http.get.mockImplementation(async (path: string) => {
      if (path.endsWith("/masterproduct")) return MASTERS;
      if (path.endsWith("/masterfeedback"))
        return { items: [{ id: 1, name: "Photos are blurry" }], total: 1, maxpage: 1 };
      if (path.endsWith("/productapprovelist"))
        return {
          items: [summary(8, "HPL-10008", "Philips Smart Bulb Wi-Fi 10W", { approvalStatus: "pending" })],
          total: 1,
          maxpage: 1,
        };
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
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/product/unapproveproduct", { id: 8, reason: "Photos are blurry" }),
    );
    expect(http.get).toHaveBeenCalledWith("/api/product/productapprovelist", {
      page: 1,
      limit: 20,
      sort: "submittedAt",
      order: "asc",
    });
  });

  it("sorted newest first, asks the server for it and does not call the first row the oldest", async () => {
    answerQueue(60_000);
    renderAt(
      "/admin/product/listproductapprove?sorters[0][field]=submittedAt&sorters[0][order]=desc",
      <ApproveQueue />,
    );
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith("/api/product/productapprovelist", {
        page: 1,
        limit: 20,
        sort: "submittedAt",
        order: "desc",
      }),
    );
    expect(await screen.findByRole("button", { name: "Reject: Philips Smart Bulb Wi-Fi 10W" })).toBeInTheDocument();
    expect(screen.queryByTestId("queue-summary")).toBeNull();
  });
});

describe("new product form", () => {
  const fill = async () => {
    fireEvent.change(await screen.findByLabelText("Code"), { target: { value: "HPL-20001" } });
    fireEvent.change(screen.getByLabelText("Price (THB)"), { target: { value: "1290" } });
    fireEvent.change(screen.getByLabelText("Product name"), { target: { value: "Rattan lounge chair" } });
  };

  it("creates a draft and opens it to add images", async () => {
    http.post.mockResolvedValueOnce({
      status: 200,
      message: "Created",
      data: { ...summary(31, "HPL-20001", "Rattan lounge chair"), version: 1 },
    });
    renderAt("/supplier/product/newproduct/create", <NewProductCreate />);
    await fill();
    fireEvent.click(screen.getByRole("button", { name: /Save draft/ }));
    expect(await screen.findByText("new product page")).toBeInTheDocument();
    expect(http.post).toHaveBeenCalledWith("/api/product/createnewproduct", {
      shopId: 1,
      code: "HPL-20001",
      price: 1290,
      name: "Rattan lounge chair",
    });
  });

  it("puts the server's field errors on the fields they name", async () => {
    http.post.mockRejectedValueOnce(
      toApiError(400, {
        status: 400,
        message: "Validation failed",
        errors: [{ field: "name", message: "Name must not contain HTML" }],
      }),
    );
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

describe("product editor", () => {
  const detail = (extra: Record<string, unknown> = {}) => ({
    ...summary(8, "HPL-10008", "Philips Smart Bulb Wi-Fi 10W", {
      approvalStatus: "pending",
      submittedAt: "2026-10-03T00:00:00Z",
    }),
    description: "Warm white",
    unitId: null,
    warrantyId: null,
    colorId: null,
    width: null,
    length: null,
    height: null,
    dimensionUnitId: null,
    weight: null,
    weightUnitId: null,
    volume: null,
    volumeUnitId: null,
    shippingTypeId: null,
    tisId: null,
    youtubeUrl: null,
    searchTags: [],
    keyHighlights: [],
    imageEditStatus: "none",
    version: 4,
    ...extra,
  });
  const reads = () => http.get.mock.calls.filter(([p]) => p === "/api/product/getproduct").length;
  const answer = (product: unknown) => {
    const base = http.get.getMockImplementation()!;
    http.get.mockImplementation(async (path: string, query: Record<string, unknown>) => {
      if (path === "/api/product/getproduct") {
        if (product instanceof Error || (product as { statusCode?: number }).statusCode) throw product;
        return { data: product };
      }
      if (path.startsWith("/api/product/")) return { items: [], total: 0, maxpage: 0, data: [] };
      return base(path, query);
    });
  };

  it("loads the product into the form and saves the edit with the version it was read at", async () => {
    answer(detail());
    http.post.mockResolvedValueOnce({
      status: 200,
      message: "Saved",
      data: detail({ name: "Philips Smart Bulb 12W", version: 5 }),
    });
    renderAt("/admin/product/8", <ProductEditor area="admin" flow="product" id="8" />);
    const name = await screen.findByLabelText("Product name");
    await waitFor(() => expect(name).toHaveValue("Philips Smart Bulb Wi-Fi 10W"));
    fireEvent.change(name, { target: { value: "Philips Smart Bulb 12W" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        "/api/product/editproduct",
        expect.objectContaining({ id: 8, name: "Philips Smart Bulb 12W", version: 4 }),
      ),
    );
  });

  it("puts a server field error on its field, and says a failure with no field above the form", async () => {
    answer(detail());
    renderAt("/admin/product/8", <ProductEditor area="admin" flow="product" id="8" />);
    await screen.findByDisplayValue("Philips Smart Bulb Wi-Fi 10W");
    http.post.mockRejectedValueOnce(
      toApiError(400, { message: "Bad input", errors: [{ field: "name", message: "name must not contain HTML" }] }),
    );
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    expect(await screen.findByText("name must not contain HTML")).toBeInTheDocument();
    http.post.mockRejectedValueOnce(
      toApiError(400, {
        message: "The brand was removed meanwhile",
        errors: [{ field: "brandCode", message: "unknown" }],
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    expect(await screen.findByText("The brand was removed meanwhile")).toBeInTheDocument();
  });

  it("a save that lost a race says the product changed meanwhile and offers a reload", async () => {
    answer(detail());
    renderAt("/admin/product/8", <ProductEditor area="admin" flow="product" id="8" />);
    await screen.findByDisplayValue("Philips Smart Bulb Wi-Fi 10W");
    http.post.mockRejectedValueOnce(toApiError(409, { message: "Someone saved HPL-10008 first." }));
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    expect(await screen.findByText("Someone saved HPL-10008 first.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  });

  it("a product that does not exist or is another shop's is the not-found page after one read: no form, no Save", async () => {
    answer(toApiError(404, { message: "Product not found" }));
    renderAt("/supplier/product/77", <ProductEditor area="supplier" flow="product" id="77" />);
    expect(await screen.findByText("errors.recordNotFound")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Save/ })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(reads()).toBe(1);
  });

  it("offers approve and reject to staff on a pending product, not to its supplier", async () => {
    answer(detail());
    const { unmount } = renderAt("/admin/product/8", <ProductEditor area="admin" flow="product" id="8" />);
    expect(await screen.findByRole("button", { name: /Approve/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Reject/ })).toBeInTheDocument();
    unmount();
    renderAt("/supplier/product/8", <ProductEditor area="supplier" flow="product" id="8" />);
    await screen.findByDisplayValue("Philips Smart Bulb Wi-Fi 10W");
    expect(screen.queryByRole("button", { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Reject/ })).toBeNull();
  });
});

describe("attribute master", () => {
  const ATTRS = [
    {
      id: 3,
      name: "Colour temperature",
      iconUrl: null,
      status: "active",
      items: [{ id: 31, name: "Warm white" }],
      updatedAt: "2026-11-01T00:00:00Z",
    },
  ];
  beforeEach(() => {
    const base = http.get.getMockImplementation()!;
    http.get.mockImplementation(async (path: string, query: Record<string, unknown>) =>
      path === "/api/masterdata/masterattribute" ? { items: ATTRS, total: 1, maxpage: 1 } : base(path, query),
    );
  });

  it("creates an attribute with its values", async () => {
    http.post.mockResolvedValueOnce({
      status: 200,
      message: "Attribute created.",
      data: { ...ATTRS[0], id: 4, name: "Finish" },
    });
    renderAt("/admin/product/masterattribute", <AttributeMaster />);
    await screen.findByText("Colour temperature");
    fireEvent.click(screen.getAllByRole("button", { name: /New attribute/ })[0]);
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Attribute"), { target: { value: " Finish " } });
    fireEvent.change(within(dialog).getAllByRole("textbox")[1], { target: { value: "Matte" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/masterdata/createattribute", { name: "Finish", items: ["Matte"] }),
    );
  });

  it("a name already taken lands on the name field and keeps the dialog open", async () => {
    http.post.mockRejectedValueOnce(
      toApiError(409, { message: "An attribute named Colour temperature already exists." }),
    );
    renderAt("/admin/product/masterattribute", <AttributeMaster />);
    await screen.findByText("Colour temperature");
    fireEvent.click(screen.getAllByRole("button", { name: /New attribute/ })[0]);
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Attribute"), { target: { value: "Colour temperature" } });
    fireEvent.change(within(dialog).getAllByRole("textbox")[1], { target: { value: "Cool" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("An attribute named Colour temperature already exists."),
    ).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("deletes an attribute only after confirmation", async () => {
    http.post.mockResolvedValueOnce({ status: 200, message: "Attribute deleted." });
    renderAt("/admin/product/masterattribute", <AttributeMaster />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete: Colour temperature" }));
    expect(http.post).not.toHaveBeenCalled();
    const confirm = await screen.findByRole("tooltip", { name: /Delete this attribute/ });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/masterdata/deleteattribute", expect.objectContaining({ id: 3 })),
    );
  });
});
