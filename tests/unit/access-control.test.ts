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
  accessControlProvider.can({ resource, action: "list", params: { resource: findResource(resource) as any } });

describe("access control", () => {
  it("allows a built screen whose menu path is granted", async () => {
    signIn("admin");
    expect(await can("admin-dashboard")).toEqual({ can: true });
    expect(await can("routes")).toEqual({ can: true });
  });

  it("refuses a screen whose menu path is not granted", async () => {
    signIn("supplier", [{ subheader: "nav.overview", items: [{ title: "nav.dashboard", path: "/supplier/dashboard" }] }]);
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
    const nav: NavGroup[] = [{ subheader: "x", items: [{ title: "nav.promotion", path: "/admin/promotion" }] }];
    signIn("admin", nav);
    expect(await can("promotion-homesale")).toEqual({ can: false, reason: "errors.notBuilt" });
    expect(canOpen(findResource("promotion-homesale")!.meta, ["/admin/promotion"])).toBe(false);
  });

  it("flattens children into the grant list", () => {
    expect(grantedPaths(NAV, "admin")).toEqual(["/admin/dashboard", "/admin/blog", "/admin/blog/posts", "/admin/routes"]);
  });

  it("refuses everything when signed out", async () => {
    expect((await can("admin-dashboard")).can).toBe(false);
  });
});
