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
    <textarea id={props.id} aria-label="Content" value={props.value ?? ""} onChange={(e) => props.onChange?.(e.target.value)} />
  ),
}));

import { createDataProvider } from "../../src/providers/data";
import { blog } from "../../src/features/blogs/resource";
import { PostList } from "../../src/features/blogs/PostList";
import { PostForm } from "../../src/features/blogs/PostForm";

const POSTS = [
  {
    id: 11, shopId: 2, shopName: "Baan Teak Furniture", type: "howto", title: "Caring for teak outdoors",
    description: "Oil twice a year", coverUrl: "https://img.example.com/teak.jpg", status: "published",
    authorName: "Somchai K.", createdAt: "2026-09-01T08:00:00Z", updatedAt: "2026-10-02T09:30:00Z", publishedAt: "2026-09-02T08:00:00Z",
  },
  {
    id: 12, shopId: 3, shopName: "Chiang Mai Ceramics", type: "news", title: "Autumn glaze collection",
    description: null, coverUrl: null, status: "draft",
    authorName: "Nok P.", createdAt: "2026-10-10T08:00:00Z", updatedAt: "2026-10-11T08:00:00Z", publishedAt: null,
  },
];
const MENU = { items: [{ code: "idea", title: "blog.types.idea", count: 4 }, { code: "howto", title: "blog.types.howto", count: 9 }] };

function renderAt(path: string, routePath: string, element: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        dataProvider={createDataProvider([blog])}
        routerProvider={routerProvider}
        resources={blog.resources}
        options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
      >
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="/supplier/blog/post/:id" element={<p>post view</p>} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.setItem("users", JSON.stringify({ role: "supplier", shops: [{ id: 2, name: "Baan Teak Furniture" }, { id: 3, name: "Chiang Mai Ceramics" }] }));
  http.get.mockImplementation(async (path: string) => {
    if (path.endsWith("/menu")) return MENU;
    if (path.endsWith("/posts")) return { items: POSTS, total: 23, maxpage: 3 };
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
    renderAt("/supplier/blog/posts", "/supplier/blog/posts", <PostList area="supplier" />);

    expect(await screen.findByText("Caring for teak outdoors")).toBeInTheDocument();
    const row = screen.getByText("Autumn glaze collection").closest("tr")!;
    expect(within(row).getByText("Chiang Mai Ceramics")).toBeInTheDocument();
    expect(within(row).getByText("draft")).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith("/api/blogs/master/posts", { page: 1, limit: 10 });

    // Page 2 comes from the server.
    fireEvent.click(within(screen.getByTitle("Next Page")).getByRole("button"));
    await waitFor(() => expect(http.get).toHaveBeenCalledWith("/api/blogs/master/posts", { page: 2, limit: 10 }));

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Type" }));
    expect(await screen.findByText("howto (9)")).toBeInTheDocument();
  });

  it("debounces the search box into one request", async () => {
    renderAt("/supplier/blog/posts", "/supplier/blog/posts", <PostList area="supplier" />);
    await screen.findByText("Caring for teak outdoors");
    http.get.mockClear();

    const box = screen.getByRole("searchbox", { name: "Search posts" });
    fireEvent.change(box, { target: { value: "te" } });
    fireEvent.change(box, { target: { value: "teak" } });
    await waitFor(() => expect(http.get).toHaveBeenCalledWith("/api/blogs/master/posts", { page: 1, limit: 10, search: "teak" }));
    expect(http.get.mock.calls.filter(([path]) => path.endsWith("/posts"))).toHaveLength(1);
  });

  it("deletes a post only after confirmation", async () => {
    renderAt("/supplier/blog/posts", "/supplier/blog/posts", <PostList area="supplier" />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete: Autumn glaze collection" }));
    expect(http.post).not.toHaveBeenCalled();

    const confirm = await screen.findByRole("tooltip");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Delete" })));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith("/api/blogs/master/deletecontent", { id: 12 }));
  });
});

describe("new post form", () => {
  it("sends the post and puts the server's field errors on the fields", async () => {
    http.post.mockRejectedValueOnce({ status: 400, message: "Validation failed", errors: [{ field: "title", message: "A post with this title exists" }] });
    renderAt("/supplier/blog/new", "/supplier/blog/new", <PostForm area="supplier" mode="create" />);

    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "Rattan in humid rooms" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Content" }), { target: { value: "<p>Keep it dry.</p>" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    expect(await screen.findByText("A post with this title exists")).toBeInTheDocument();
    expect(http.post).toHaveBeenCalledWith("/api/blogs/master/new", {
      shopId: 2, type: "idea", title: "Rattan in humid rooms", contentHtml: "<p>Keep it dry.</p>", tags: [], status: "draft",
    });
  });

  it("goes to the post view once the server has created it", async () => {
    http.post.mockResolvedValueOnce({ status: 200, message: "Created", data: { ...POSTS[0], id: 31, contentHtml: "<p>x</p>", tags: [], products: [], version: 1 } });
    renderAt("/supplier/blog/new", "/supplier/blog/new", <PostForm area="supplier" mode="create" />);

    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "Rattan in humid rooms" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Content" }), { target: { value: "<p>Keep it dry.</p>" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    expect(await screen.findByText("post view")).toBeInTheDocument();
  });
});
