import type { ReactNode } from "react";
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
// TipTap needs layout APIs jsdom lacks; the form only needs a value/onChange field here.
vi.mock("../../src/components/editor/LazyRichTextEditor", () => ({
  LazyRichTextEditor: (props: { id?: string; value?: string; onChange?: (v: string) => void }) => (
    <textarea
      id={props.id}
      aria-label="Content"
      value={props.value ?? ""}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  ),
}));

import { createDataProvider } from "../../src/providers/data";
import { blog } from "../../src/features/blogs/resource";
import { PostList } from "../../src/features/blogs/PostList";
import { PostForm } from "../../src/features/blogs/PostForm";
import { toApiError } from "../../src/providers/http-shared";
import { noSavedViews } from "./helpers";
import { keyboardDrag } from "./board-geometry";

const POSTS = [
  {
    id: 11,
    shopId: 2,
    shopName: "Baan Teak Furniture",
    type: "howto",
    title: "Caring for teak outdoors",
    description: "Oil twice a year",
    coverUrl: "https://img.example.com/teak.jpg",
    status: "published",
    authorName: "Somchai K.",
    createdAt: "2026-09-01T08:00:00Z",
    updatedAt: "2026-10-02T09:30:00Z",
    publishedAt: "2026-09-02T08:00:00Z",
  },
  {
    id: 12,
    shopId: 3,
    shopName: "Chiang Mai Ceramics",
    type: "news",
    title: "Autumn glaze collection",
    description: null,
    coverUrl: null,
    status: "draft",
    authorName: "Nok P.",
    createdAt: "2026-10-10T08:00:00Z",
    updatedAt: "2026-10-11T08:00:00Z",
    publishedAt: null,
  },
];
const MENU = {
  items: [
    { code: "idea", title: "blogs.types.idea", count: 4 },
    { code: "howto", title: "blogs.types.howto", count: 9 },
  ],
};
const HOUSE_BRAND = { id: 5, name: "HomeBase Essentials", status: "active" };
const PRODUCTS = [
  { id: 501, code: "HBE-10001", name: "HomeBase Steel Storage Shelf 5 Tiers", price: 1290, imageUrl: null },
  { id: 502, code: "HBE-10002", name: "Spacio Storage Box 60 L", price: 259, imageUrl: null },
  { id: 503, code: "HBE-10003", name: "HomeBase Shoe Cabinet 3 Doors", price: 2190, imageUrl: null },
];
const HOUSE_POST = {
  ...POSTS[0],
  id: 40,
  shopId: 5,
  shopName: "HomeBase Essentials",
  title: "Five storage ideas",
  status: "draft",
  contentHtml: "<p>Go up, not out.</p>",
  tags: [],
  products: PRODUCTS,
  version: 3,
};

function renderAt(path: string, routePath: string, element: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        dataProvider={{ default: createDataProvider([blog]), rest: noSavedViews }}
        routerProvider={routerProvider}
        resources={blog.resources}
        options={{
          disableTelemetry: true,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
        }}
      >
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="/supplier/blog/post/:id" element={<p>post view</p>} />
          <Route path="/admin/housebrand/blog/:id" element={<p>house-brand post view</p>} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.setItem(
    "users",
    JSON.stringify({
      role: "supplier",
      shops: [
        { id: 2, name: "Baan Teak Furniture" },
        { id: 3, name: "Chiang Mai Ceramics" },
      ],
    }),
  );
  http.get.mockImplementation(async (path: string) => {
    if (path.endsWith("/menu")) return MENU;
    if (path.endsWith("/posts")) return { items: POSTS, total: 23, maxpage: 3 };
    if (path === "/api/housebrand/shopmaster") return { items: [HOUSE_BRAND] };
    if (path === "/api/blogs/housebrand/product") return { items: PRODUCTS, total: PRODUCTS.length, maxpage: 1 };
    if (path === "/api/blogs/housebrand/post") return { data: HOUSE_POST };
    throw { status: 404, message: "not found" };
  });
  http.post.mockResolvedValue({ status: 200, message: "ok" });
});

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

describe("posts list", () => {
  it("shows the server's page of posts with their tags, and the type filter with counts", async () => {
    renderAt("/supplier/blog/posts", "/supplier/blog/posts", <PostList blog="supplier" />);

    expect(await screen.findByText("Caring for teak outdoors")).toBeInTheDocument();
    const row = screen.getByText("Autumn glaze collection").closest("tr")!;
    expect(within(row).getByText("Chiang Mai Ceramics")).toBeInTheDocument();
    expect(within(row).getByText("draft")).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith("/api/blogs/master/posts", { page: 1, limit: 20 });

    // Page 2 comes from the server.
    fireEvent.click(within(screen.getByTitle("Next Page")).getByRole("button"));
    await waitFor(() => expect(http.get).toHaveBeenCalledWith("/api/blogs/master/posts", { page: 2, limit: 20 }));

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Type" }));
    expect(await screen.findByText("howto (9)")).toBeInTheDocument();
  });

  it("debounces the search box into one request", async () => {
    renderAt("/supplier/blog/posts", "/supplier/blog/posts", <PostList blog="supplier" />);
    await screen.findByText("Caring for teak outdoors");
    http.get.mockClear();

    const box = screen.getByRole("searchbox", { name: "Search posts" });
    fireEvent.change(box, { target: { value: "te" } });
    fireEvent.change(box, { target: { value: "teak" } });
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith("/api/blogs/master/posts", { page: 1, limit: 20, search: "teak" }),
    );
    expect(http.get.mock.calls.filter(([path]) => path.endsWith("/posts"))).toHaveLength(1);
  });

  it("deletes a post only after confirmation", async () => {
    renderAt("/supplier/blog/posts", "/supplier/blog/posts", <PostList blog="supplier" />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete: Autumn glaze collection" }));
    expect(http.post).not.toHaveBeenCalled();

    const confirm = await screen.findByRole("tooltip");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Delete" })));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith("/api/blogs/master/deletecontent", { id: 12 }));
  });
});

describe("new post form", () => {
  it("sends the post and puts the server's field errors on the fields", async () => {
    http.post.mockRejectedValueOnce(
      toApiError(400, {
        status: 400,
        message: "Validation failed",
        errors: [{ field: "title", message: "A post with this title exists" }],
      }),
    );
    renderAt("/supplier/blog/new", "/supplier/blog/new", <PostForm blog="supplier" mode="create" />);

    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "Rattan in humid rooms" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Content" }), { target: { value: "<p>Keep it dry.</p>" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    expect(await screen.findByText("A post with this title exists")).toBeInTheDocument();
    expect(http.post).toHaveBeenCalledWith("/api/blogs/master/new", {
      shopId: 2,
      type: "idea",
      title: "Rattan in humid rooms",
      contentHtml: "<p>Keep it dry.</p>",
      tags: [],
      status: "draft",
    });
  });

  it("goes to the post view once the server has created it", async () => {
    http.post.mockResolvedValueOnce({
      status: 200,
      message: "Created",
      data: { ...POSTS[0], id: 31, contentHtml: "<p>x</p>", tags: [], products: [], version: 1 },
    });
    renderAt("/supplier/blog/new", "/supplier/blog/new", <PostForm blog="supplier" mode="create" />);

    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "Rattan in humid rooms" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Content" }), { target: { value: "<p>Keep it dry.</p>" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    expect(await screen.findByText("post view")).toBeInTheDocument();
  });
});

/** The product ideas' rows stacked 60 px apart (jsdom lays nothing out), so dnd-kit's keyboard moves by them. */
function layOutIdeaRows() {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const rows = [...document.querySelectorAll(".blog-ideas tr[data-row-key]")];
    const i = rows.indexOf(this.closest(".blog-ideas tr[data-row-key]") as Element);
    const [y, height] = i < 0 ? [0, 2000] : [50 + 60 * i, 50];
    return {
      x: 0,
      y,
      left: 0,
      top: y,
      width: 600,
      height,
      right: 600,
      bottom: y + height,
      toJSON: () => ({}),
    };
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}

const ideaNames = () =>
  [...document.querySelectorAll(".blog-ideas tbody tr[data-row-key]")].map(
    (row) => within(row as HTMLElement).getByText(/HomeBase|Spacio/).textContent,
  );

describe("house-brand blog (the same screens on the house-brand configuration)", () => {
  let undoLayout: () => void;
  beforeEach(() => {
    undoLayout = layOutIdeaRows();
  });
  afterEach(() => undoLayout());

  it("lists from its own folder and links to its own post pages", async () => {
    renderAt("/admin/housebrand/blog/posts", "/admin/housebrand/blog/posts", <PostList blog="housebrand" />);
    const link = await screen.findByRole("link", { name: "Caring for teak outdoors" });
    expect(link).toHaveAttribute("href", "/admin/housebrand/blog/11");
    expect(http.get).toHaveBeenCalledWith("/api/blogs/housebrand/posts", { page: 1, limit: 20 });
    expect(http.get).toHaveBeenCalledWith("/api/blogs/housebrand/menu", {});
    expect(http.get.mock.calls.some(([path]) => String(path).startsWith("/api/blogs/master"))).toBe(false);
  });

  it("writes a post for the house brand with two product ideas picked and put in order, then opens it", async () => {
    http.post.mockImplementation(async (path: string, body: { productIds?: number[] }) => {
      if (path === "/api/blogs/housebrand/newpost")
        return { status: 200, message: "Post created.", data: { ...HOUSE_POST, id: 41, products: [], version: 1 } };
      if (path === "/api/blogs/housebrand/sortproductidea")
        return {
          status: 200,
          message: "Products saved.",
          data: { ...HOUSE_POST, id: 41, products: body.productIds!.map((id) => PRODUCTS.find((p) => p.id === id)) },
        };
      throw { status: 404, message: "not found" };
    });
    renderAt("/admin/housebrand/blog/new", "/admin/housebrand/blog/new", <PostForm blog="housebrand" mode="create" />);

    // The one house brand is chosen for the writer; its products are offered.
    expect(await screen.findByText("HomeBase Essentials")).toBeInTheDocument();
    const add = screen.getByRole("button", { name: /Add products/ });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    fireEvent.click(await screen.findByRole("checkbox", { name: "HomeBase Steel Storage Shelf 5 Tiers" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Spacio Storage Box 60 L" }));
    expect(http.get).toHaveBeenCalledWith("/api/blogs/housebrand/product", { shopId: 5, page: 1, limit: 8 });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add 2" })));
    await waitFor(() =>
      expect(ideaNames()).toEqual(["HomeBase Steel Storage Shelf 5 Tiers", "Spacio Storage Box 60 L"]),
    );
    // Nothing is saved before the post exists.
    expect(http.post).not.toHaveBeenCalled();

    await keyboardDrag(screen.getByRole("button", { name: "Move HomeBase Steel Storage Shelf 5 Tiers (position 1)" }), [
      "ArrowDown",
    ]);
    expect(ideaNames()).toEqual(["Spacio Storage Box 60 L", "HomeBase Steel Storage Shelf 5 Tiers"]);

    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Five storage ideas" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Content" }), { target: { value: "<p>Go up, not out.</p>" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    expect(await screen.findByText("house-brand post view")).toBeInTheDocument();
    expect(http.post.mock.calls).toEqual([
      [
        "/api/blogs/housebrand/newpost",
        {
          shopId: 5,
          type: "idea",
          title: "Five storage ideas",
          contentHtml: "<p>Go up, not out.</p>",
          tags: [],
          status: "draft",
        },
      ],
      ["/api/blogs/housebrand/sortproductidea", { id: 41, productIds: [502, 501] }],
    ]);
  });

  it("saves an edited post's ideas at each change, keeping what is typed, and undoes a move the server refused", async () => {
    http.post.mockImplementation(async (path: string, body: { productIds?: number[]; productId?: number }) => {
      if (path === "/api/blogs/housebrand/sortproductidea") {
        if (body.productIds![0] === 503)
          throw toApiError(400, {
            status: 400,
            message: "productIds must be products of this post's shop",
            errors: [],
          });
        return {
          status: 200,
          message: "Products saved.",
          data: { ...HOUSE_POST, products: body.productIds!.map((id) => PRODUCTS.find((p) => p.id === id)) },
        };
      }
      if (path === "/api/blogs/housebrand/deleteproductidea")
        return {
          status: 200,
          message: "Product unlinked.",
          data: { ...HOUSE_POST, products: PRODUCTS.filter((p) => p.id !== body.productId) },
        };
      throw { status: 404, message: "not found" };
    });
    renderAt(
      "/admin/housebrand/blog/40/edit",
      "/admin/housebrand/blog/:id/edit",
      <PostForm blog="housebrand" mode="edit" id="40" />,
    );
    await waitFor(() => expect(ideaNames()).toEqual(PRODUCTS.map((p) => p.name)));
    expect(http.get).toHaveBeenCalledWith("/api/blogs/housebrand/post", { id: 40 });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Five storage ideas for a condo" } });

    await keyboardDrag(screen.getByRole("button", { name: "Move HomeBase Shoe Cabinet 3 Doors (position 3)" }), [
      "ArrowUp",
    ]);
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith("/api/blogs/housebrand/sortproductidea", {
        id: 40,
        productIds: [501, 503, 502],
      }),
    );
    await waitFor(() =>
      expect(ideaNames()).toEqual([
        "HomeBase Steel Storage Shelf 5 Tiers",
        "HomeBase Shoe Cabinet 3 Doors",
        "Spacio Storage Box 60 L",
      ]),
    );

    // Refused by the server: the list goes back to the saved order.
    await keyboardDrag(screen.getByRole("button", { name: "Move HomeBase Shoe Cabinet 3 Doors (position 2)" }), [
      "ArrowUp",
    ]);
    await waitFor(() =>
      expect(http.post).toHaveBeenLastCalledWith("/api/blogs/housebrand/sortproductidea", {
        id: 40,
        productIds: [503, 501, 502],
      }),
    );
    await waitFor(() =>
      expect(ideaNames()).toEqual([
        "HomeBase Steel Storage Shelf 5 Tiers",
        "HomeBase Shoe Cabinet 3 Doors",
        "Spacio Storage Box 60 L",
      ]),
    );

    fireEvent.click(screen.getByRole("button", { name: "Remove: Spacio Storage Box 60 L" }));
    await act(async () =>
      fireEvent.click(within(await screen.findByRole("tooltip")).getByRole("button", { name: "Remove" })),
    );
    await waitFor(() =>
      expect(http.post).toHaveBeenLastCalledWith("/api/blogs/housebrand/deleteproductidea", { id: 40, productId: 502 }),
    );
    await waitFor(() => expect(ideaNames()).toHaveLength(2));
    // The post itself was not saved and what was typed stays.
    expect(http.post.mock.calls.some(([path]) => path === "/api/blogs/housebrand/postedit")).toBe(false);
    expect(screen.getByLabelText("Title")).toHaveValue("Five storage ideas for a condo");
  });
});
