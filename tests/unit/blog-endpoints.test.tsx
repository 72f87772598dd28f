import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { blog } from "../../src/features/blogs/resource";
import { endpointsOf } from "../../src/resources";

const ep = blog.endpoints;

describe("blog endpoint map", () => {
  it("turns Refine pagination and filters into the posts query, leaving out empty ones", () => {
    const query = ep.list.toRequest({
      page: 3,
      limit: 20,
      filters: [
        { field: "search", operator: "contains", value: "  rattan chair " },
        { field: "type", operator: "eq", value: "howto" },
        { field: "status", operator: "eq", value: "" },
        { field: "shopId", operator: "eq", value: 7 },
      ],
      sorters: [],
    });
    expect(query).toEqual({ page: 3, limit: 20, search: "rattan chair", type: "howto", shopId: 7 });
    expect(ep.list?.method).toBe("GET");
    expect(ep.list?.path).toBe("/api/blogs/master/posts");
  });

  it("reads {items, total, maxpage} as {data, total}", () => {
    const items = [{ id: 1, title: "Teak care" }];
    expect(ep.list?.fromResponse({ items, total: 41, maxpage: 5 })).toEqual({
      data: items,
      total: 41,
      extra: { maxpage: 5 },
    });
    expect(ep.list?.fromResponse({})).toEqual({ data: [], total: 0, extra: { maxpage: 0 } });
  });

  it("maps read-one, create, edit and delete to the legacy calls", () => {
    expect(ep.one?.toRequest(12)).toEqual({ id: 12 });
    expect(ep.one?.fromResponse({ data: { id: 12 } })).toEqual({ id: 12 });
    expect(ep.create).toMatchObject({ method: "POST", path: "/api/blogs/master/new" });
    expect(ep.create?.fromResponse?.({ status: 200, message: "ok", data: { id: 3 } })).toEqual({ id: 3 });
    expect(ep.update?.toRequest({ title: "New", version: 4 }, "12")).toEqual({ title: "New", version: 4, id: 12 });
    expect(ep.update?.path).toBe("/api/blogs/master/edit");
    expect(ep.remove?.toRequest({}, "12")).toEqual({ id: 12 });
    expect(ep.remove?.path).toBe("/api/blogs/master/deletecontent");
  });

  it("declares the domain actions on their legacy paths", () => {
    const actions = Object.fromEntries(
      Object.entries(ep.actions ?? {}).map(([name, a]) => [name, `${a.method} ${a.path}`]),
    );
    expect(actions).toEqual({
      close: "POST /api/blogs/master/closecontent",
      menu: "GET /api/blogs/master/menu",
      products: "GET /api/blogs/master/product",
      sortProducts: "POST /api/blogs/master/sortproductidea",
      removeProduct: "POST /api/blogs/master/deleteproductidea",
    });
  });

  it("declares one resource per blog with the route table's paths", () => {
    expect(
      blog.resources.map((r) => [r.identifier, r.list, r.create, r.show, r.edit, r.meta.menuPath, r.meta.area]),
    ).toEqual([
      [
        "blog",
        "/admin/blog/posts",
        "/admin/blog/new",
        "/admin/blog/post/:id",
        "/admin/blog/post/:id/edit",
        "/admin/blog",
        "admin",
      ],
      [
        "supplier-blog",
        "/supplier/blog/posts",
        "/supplier/blog/new",
        "/supplier/blog/post/:id",
        "/supplier/blog/post/:id/edit",
        "/supplier/blog",
        "supplier",
      ],
      [
        "housebrand-blog",
        "/admin/housebrand/blog/posts",
        "/admin/housebrand/blog/new",
        "/admin/housebrand/blog/:id",
        "/admin/housebrand/blog/:id/edit",
        "/admin/housebrand",
        "admin",
      ],
    ]);
    for (const r of blog.resources.slice(0, 2)) {
      expect(r.name).toBe("blog");
      expect(r.meta).toMatchObject({ label: "blogs.titles.list", built: true, icon: "blog" });
      expect(r.meta.endpoints).toContain("/api/blogs/master/posts");
    }
    expect(blog.resources[2].meta).toMatchObject({
      label: "resources.housebrand-blog",
      built: true,
      icon: "blog",
      root: "/admin/housebrand/blog",
    });
    expect(Object.keys(blog.pages ?? {})).toEqual(["blog", "supplier-blog", "housebrand-blog"]);
  });

  it("gives the house-brand blog the same verbs on its own paths, each one its screen may call", () => {
    const hb = endpointsOf("housebrand-blog", [blog]);
    const calls = [hb.list, hb.one, hb.create, hb.update, hb.remove, ...Object.values(hb.actions ?? {})].map(
      (e) => `${e!.method} ${e!.path}`,
    );
    expect(calls).toEqual([
      "GET /api/blogs/housebrand/posts",
      "GET /api/blogs/housebrand/post",
      "POST /api/blogs/housebrand/newpost",
      "POST /api/blogs/housebrand/postedit",
      "POST /api/blogs/housebrand/deletecontent",
      "POST /api/blogs/housebrand/closecontent",
      "GET /api/blogs/housebrand/menu",
      "GET /api/blogs/housebrand/product",
      "POST /api/blogs/housebrand/sortproductidea",
      "POST /api/blogs/housebrand/deleteproductidea",
      "GET /api/housebrand/shopmaster",
    ]);
    const allowed = blog.resources[2].meta.endpoints;
    for (const call of calls) expect(allowed, call).toContain(call.split(" ")[1]);
    // The same request shapes as the master blog's.
    expect(hb.update?.toRequest({ title: "New", version: 4 }, "12")).toEqual({ title: "New", version: 4, id: 12 });
    expect(
      hb.list?.toRequest({ page: 1, limit: 20, filters: [{ field: "shopId", operator: "eq", value: 9 }], sorters: [] }),
    ).toEqual({ page: 1, limit: 20, shopId: 9 });
    // The master blog's screens reach no house-brand path.
    expect(JSON.stringify(endpointsOf("blog", [blog]))).not.toContain("housebrand");
  });
});

describe("blog translations", () => {
  const languages = ["en", "fr", "vi", "cn", "ar"];
  const flatten = (value: unknown, prefix = ""): Record<string, unknown> =>
    value && typeof value === "object"
      ? Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)))
      : { [prefix]: value };
  const load = (lng: string) =>
    flatten(JSON.parse(readFileSync(resolve(__dirname, `../../public/locales/${lng}/blogs.json`), "utf8")));

  it("has the same non-empty keys in all five languages", () => {
    const en = load("en");
    for (const lng of languages) {
      const other = load(lng);
      expect(Object.keys(other).sort(), lng).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(other))
        expect(typeof text === "string" && text.trim() !== "", `${lng} ${key}`).toBe(true);
    }
  });

  it("translates rather than copies English", () => {
    const en = load("en");
    for (const lng of ["fr", "vi", "cn", "ar"]) {
      const other = load(lng);
      const same = Object.keys(en).filter((k) => other[k] === en[k]);
      expect(same.length / Object.keys(en).length, lng).toBeLessThan(0.1);
    }
  });
});
