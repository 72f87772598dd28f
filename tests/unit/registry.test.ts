import { describe, expect, it } from "vitest";
import { SIGNED_IN_ENDPOINTS } from "../../contract/screens";
import { findModule, modules, pages, resourceKey, resources, routeTable } from "../../src/resources";

/** The spec's route table (§2), as paths with `:id` for `{id}`. */
const SPEC_ROUTES = [
  "/admin/dashboard",
  "/admin/two",
  "/admin/three",
  "/admin/product",
  "/admin/product/listproduct",
  "/admin/product/:id",
  "/admin/product/listproductapprove",
  "/admin/product/visible",
  "/admin/product/masterattribute",
  "/admin/product/reportnewproduct",
  "/admin/product/installrate",
  "/admin/orders",
  "/admin/orders/list",
  "/admin/orders/:id/view",
  "/admin/orders/listbranch",
  "/admin/orders/:id/viewbranch",
  "/admin/orders/listslip",
  "/admin/orders/productclaim/product-return-detail/:id",
  "/admin/orders/productclaim/product-claim-detail/:id/view",
  "/admin/orders/productclaim/product-claim-new/:id",
  "/admin/blog",
  "/admin/blog/posts",
  "/admin/blog/new",
  "/admin/blog/post/:id",
  "/admin/brandshop",
  "/admin/brandshop/:id",
  "/admin/campaign",
  "/admin/campaign/:id",
  "/admin/homecategory",
  "/admin/homecategory/:id",
  "/admin/housebrand",
  "/admin/housebrand/:id",
  "/admin/housebrand/blog",
  "/admin/housebrand/blog/posts",
  "/admin/housebrand/blog/:id",
  "/admin/housebrand/blog/new",
  "/admin/reports",
  "/admin/reports/reporttrackorder",
  "/admin/reports/reportairservice",
  "/admin/reports/reportcupon",
  "/admin/reports/reportreview",
  "/admin/banners",
  "/admin/banners/bannermanagement",
  "/admin/setting",
  "/admin/setting/user",
  "/admin/setting/shipping",
  "/admin/promotion",
  "/admin/promotion/homesale",
  "/admin/promotion/notify",
  "/admin/promotion/oldfornew",
  "/admin/promotion/couponline",
  "/supplier/dashboard",
  "/supplier/blog",
  "/supplier/blog/posts",
  "/supplier/blog/new",
  "/supplier/blog/post/:id",
  "/supplier/brandshop",
  "/supplier/brandshop/:id",
  "/supplier/product",
  "/supplier/product/list",
  "/supplier/product/:id",
  "/supplier/product/newproduct",
  "/supplier/product/newproduct/create",
  "/supplier/product/newproduct/:id",
];

describe("resource registry", () => {
  const paths = new Set(routeTable().map((r) => r.path));

  it("declares every route of the spec's route table", () => {
    expect(SPEC_ROUTES.filter((p) => !paths.has(p))).toEqual([]);
  });

  it("routes no path twice", () => {
    const all = routeTable().map((r) => r.path);
    expect(all.length).toBe(new Set(all).size);
  });

  it("gives every resource a label, area, menu path inside its area and a unique key", () => {
    const keys = resources.map(resourceKey);
    expect(keys.length).toBe(new Set(keys).size);
    for (const r of resources) {
      expect(r.meta.label).toBeTruthy();
      expect(r.meta.menuPath.startsWith(`/${r.meta.area}/`)).toBe(true);
      // A generated screen is its row and its REST resource: no feature module (src/components/kit/generated).
      if (r.meta.built && !r.meta.generated) expect(findModule(resourceKey(r)), resourceKey(r)).toBeDefined();
    }
  });

  it("calls from a feature's endpoint map only endpoints its built screens declare (the server grants nothing else)", () => {
    for (const m of modules) {
      const callable = new Set<string>();
      const collect = (map: typeof m.endpoints) => {
        for (const op of ["list", "one", "create", "update", "remove"] as const)
          if (map[op]) callable.add(map[op].path);
        for (const a of Object.values(map.actions ?? {})) callable.add(a.path);
      };
      collect(m.endpoints);
      Object.values(m.resourceEndpoints ?? {}).forEach(collect);
      const declared = new Set([
        ...SIGNED_IN_ENDPOINTS,
        ...m.resources.filter((r) => r.meta.built).flatMap((r) => r.meta.endpoints),
      ]);
      expect(
        [...callable].filter((p) => !declared.has(p)),
        m.name,
      ).toEqual([]);
    }
  });

  it("has pages exactly for built screens", () => {
    for (const r of resources.filter((x) => x.meta.built)) {
      expect(pages[resourceKey(r)], resourceKey(r)).toBeDefined();
    }
    for (const key of Object.keys(pages)) {
      expect(resources.find((r) => resourceKey(r) === key)?.meta.built, key).toBe(true);
    }
  });

  it("sends a section root to its first screen", () => {
    const entry = routeTable().find((r) => r.path === "/admin/product");
    expect(entry).toMatchObject({ action: "redirect", redirectTo: "/admin/product/listproduct" });
  });
});
