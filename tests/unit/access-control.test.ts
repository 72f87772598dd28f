import { describe, expect, it } from "vitest";
import { accessControlProvider, canOpen } from "../../src/providers/access-control";
import { grantedPaths, type NavGroup } from "../../src/providers/session-store";
import { findResource } from "../../src/resources";

const NAV: NavGroup[] = [
  { subheader: "nav.overview", items: [{ title: "nav.dashboard", path: "/admin/dashboard", icon: "dashboard" }] },
  {
    subheader: "nav.content",
    items: [
      {
        title: "nav.blog",
        path: "/admin/blog",
        children: [{ title: "nav.posts", path: "/admin/blog/posts" }],
      },
    ],
  },
  { subheader: "nav.management", items: [{ title: "nav.routes", path: "/admin/routes", roles: ["admin"] }] },
];

function signIn(role: string, nav: NavGroup[] = NAV) {
  localStorage.setItem("users", JSON.stringify({ id: 1, username: role, role, shops: [] }));
  localStorage.setItem("navConfig", JSON.stringify(nav));
}

const can = (resource: string) =>
  accessControlProvider.can({ resource, action: "list", params: { resource: findResource(resource) } });

describe("access control", () => {
  it("allows a built screen whose menu path is granted", async () => {
    signIn("admin");
    expect(await can("admin-dashboard")).toEqual({ can: true });
    expect(await can("routes")).toEqual({ can: true });
  });

  it("refuses a screen whose menu path is not granted", async () => {
    signIn("supplier", [
      { subheader: "nav.overview", items: [{ title: "nav.dashboard", path: "/supplier/dashboard" }] },
    ]);
    expect((await can("admin-dashboard")).can).toBe(false);
    expect((await can("supplier-dashboard")).can).toBe(true);
  });

  it("hides admin-only items from other roles, compared case-insensitively", async () => {
    signIn("editor");
    expect((await can("routes")).can).toBe(false);
    expect(grantedPaths(NAV, "editor")).not.toContain("/admin/routes");
    expect(grantedPaths(NAV, "ADMIN")).toContain("/admin/routes");
  });

  it("refuses a declared screen that is not built, even when its path is granted", async () => {
    // Every row of the table is built now: the test takes one (the coupon line screen) and marks it unbuilt for its duration.
    const screen = findResource("promotion-coupon")!;
    const nav: NavGroup[] = [
      {
        subheader: "x",
        items: [
          {
            title: "nav.promotion",
            path: "/admin/promotion",
            children: [{ title: "nav.couponLine", path: "/admin/promotion/couponline" }],
          },
        ],
      },
    ];
    signIn("admin", nav);
    expect(await can("promotion-coupon")).toEqual({ can: true });
    screen.meta.built = false;
    try {
      expect(await can("promotion-coupon")).toEqual({ can: false, reason: "errors.notBuilt" });
      expect(canOpen(screen.meta, ["/admin/promotion", "/admin/promotion/couponline"])).toBe(false);
    } finally {
      screen.meta.built = true;
    }
  });

  it("flattens children into the grant list", () => {
    expect(grantedPaths(NAV, "admin")).toEqual([
      "/admin/dashboard",
      "/admin/blog",
      "/admin/blog/posts",
      "/admin/routes",
    ]);
  });

  it("answers per action: a page the screen has, a delete its endpoints allow", async () => {
    signIn("admin", [
      { subheader: "x", items: [{ title: "nav.blog", path: "/admin/blog" }] },
      {
        subheader: "y",
        items: [
          {
            title: "nav.products",
            path: "/admin/product",
            children: [
              { title: "nav.productList", path: "/admin/product/listproduct" },
              { title: "nav.productApprove", path: "/admin/product/listproductapprove" },
              { title: "nav.productAttributes", path: "/admin/product/masterattribute" },
            ],
          },
        ],
      },
    ]);
    const act = (resource: string, action: string) =>
      accessControlProvider.can({ resource, action, params: { resource: findResource(resource) } });
    for (const action of ["list", "create", "edit", "show", "delete"])
      expect(await act("blog", action)).toEqual({ can: true });
    expect(await act("product", "edit")).toEqual({ can: true });
    // Products are edited, never shown on their own page nor created here (new products are).
    expect(await act("product", "show")).toEqual({ can: false, reason: "errors.notOffered" });
    expect(await act("product", "create")).toEqual({ can: false, reason: "errors.notOffered" });
    expect(await act("product", "delete")).toEqual({ can: false, reason: "errors.notOffered" });
    expect(await act("product-attribute", "delete")).toEqual({ can: true });
    expect(await act("product-approve", "delete")).toEqual({ can: false, reason: "errors.notOffered" });
    // A granted page never lends its actions to a screen whose own grant is missing.
    expect((await act("product-visible", "list")).can).toBe(false);
  });

  it("refuses everything when signed out", async () => {
    expect((await can("admin-dashboard")).can).toBe(false);
  });
});
