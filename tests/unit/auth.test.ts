import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authProvider, cancelExpiryTimer, homePath, isTokenValid, scheduleExpiry } from "../../src/providers/auth";
import { sessionEndedBy, type NavGroup } from "../../src/providers/session-store";
import { returnTo, sessionExpiredIn, signInQuery, signupReceivedIn } from "../../src/providers/return-to";
import { fakeJwt, mockHttp } from "./helpers";

const NAV: NavGroup[] = [
  { subheader: "nav.overview", items: [{ title: "nav.dashboard", path: "/admin/dashboard", icon: "dashboard" }] },
  {
    subheader: "nav.content",
    items: [
      {
        title: "nav.blog",
        path: "/admin/blog",
        children: [
          { title: "nav.posts", path: "/admin/blog/posts" },
          { title: "nav.newPost", path: "/admin/blog/new" },
        ],
      },
    ],
  },
];
const ADMIN = {
  id: 1,
  username: "admin",
  email: "a@x.th",
  firstName: "Ann",
  lastName: "Lee",
  role: "admin",
  shops: [],
};

let restore: () => void = () => {};
afterEach(() => {
  restore();
  cancelExpiryTimer();
  vi.useRealTimers();
});

describe("auth provider: login", () => {
  it("stores token, user and navConfig and goes to the first granted screen", async () => {
    const token = fakeJwt(3600);
    const m = mockHttp(() => ({
      status: 200,
      data: { status: 200, message: "ok", accessToken: token, user: ADMIN, navConfig: NAV, roles: ["admin"] },
    }));
    restore = m.restore;
    const result = await authProvider.login({ users: "admin", password: "Demo@2026", typeLogin: "staff" });
    expect(m.calls[0]).toMatchObject({
      method: "POST",
      url: "/api/account/login",
      data: { users: "admin", password: "Demo@2026", typeLogin: "staff" },
    });
    expect(result).toEqual({ success: true, redirectTo: "/admin/dashboard" });
    expect(localStorage.getItem("accessToken")).toBe(token);
    expect(JSON.parse(localStorage.getItem("users")!)).toEqual(ADMIN);
    expect(JSON.parse(localStorage.getItem("navConfig")!)).toEqual(NAV);
  });

  it("fails with the server's message on an HTTP error", async () => {
    restore = mockHttp(() => ({
      status: 401,
      data: { status: 401, message: "Incorrect username or password." },
    })).restore;
    const result = await authProvider.login({ users: "admin", password: "x", typeLogin: "staff" });
    expect(result.success).toBe(false);
    expect(result.error?.message).toBe("Incorrect username or password.");
    expect(localStorage.getItem("accessToken")).toBeNull();
  });

  it("fails with the server's message when the body status is not 200", async () => {
    restore = mockHttp(() => ({
      status: 200,
      data: { status: 403, message: "Use the supplier sign-in page." },
    })).restore;
    const result = await authProvider.login({ users: "supplier1", password: "x", typeLogin: "staff" });
    expect(result).toMatchObject({ success: false, error: { message: "Use the supplier sign-in page." } });
  });

  it("fails with 'Something went wrong' when the server sends nothing", async () => {
    restore = mockHttp(() => ({ status: 500 })).restore;
    const result = await authProvider.login({ users: "a", password: "b", typeLogin: "staff" });
    expect(result.error?.message).toBe("Something went wrong");
  });
});

describe("auth provider: register", () => {
  const body = { email: "new@shop.th", password: "abc12345", firstName: "Nok", lastName: "Sri" };
  const accepted = { status: 200, data: { status: 200, message: "Thank you." } };

  it("registers, then signs the new supplier in with the same e-mail and password", async () => {
    const token = fakeJwt(3600, "supplier");
    const supplier = { ...ADMIN, role: "supplier", shops: [{ id: 9, name: "Baan Home" }] };
    const nav: NavGroup[] = [
      { subheader: "nav.overview", items: [{ title: "nav.dashboard", path: "/supplier/dashboard" }] },
    ];
    const m = mockHttp((req) =>
      req.url === "/api/account/register"
        ? accepted
        : {
            status: 200,
            data: { status: 200, accessToken: token, user: supplier, navConfig: nav, roles: ["supplier"] },
          },
    );
    restore = m.restore;
    const result = await authProvider.register!(body);
    expect(m.calls.map((c) => c.url)).toEqual(["/api/account/register", "/api/account/login"]);
    expect(m.calls[0].data).toEqual(body);
    expect(m.calls[1].data).toEqual({ users: body.email, password: body.password, typeLogin: "supplier" });
    expect(result).toEqual({ success: true, redirectTo: "/supplier/dashboard" });
    expect(localStorage.getItem("accessToken")).toBe(token);
    expect(JSON.parse(localStorage.getItem("navConfig")!)).toEqual(nav);
  });

  it("an e-mail that already had an account: to the supplier sign-in page, which says what happened", async () => {
    const m = mockHttp((req) =>
      req.url === "/api/account/register"
        ? accepted
        : { status: 401, data: { status: 401, message: "Incorrect username or password." } },
    );
    restore = m.restore;
    const result = await authProvider.register!(body);
    expect(result).toEqual({ success: true, redirectTo: "/supplier/login?signup=1" });
    expect(signupReceivedIn("?signup=1")).toBe(true);
    expect(localStorage.getItem("accessToken")).toBeNull();
  });

  it("shows the server's message when the sign-up is refused and keeps nothing", async () => {
    restore = mockHttp(() => ({
      status: 400,
      data: { status: 400, message: "password must be at least 8 characters" },
    })).restore;
    const result = await authProvider.register!({ ...body, password: "abc1" });
    expect(result.error?.message).toBe("password must be at least 8 characters");
    expect(localStorage.getItem("accessToken")).toBeNull();
  });
});

describe("auth provider: check, logout, onError, identity", () => {
  it("is authenticated only while the JWT exp is in the future", async () => {
    localStorage.setItem("accessToken", fakeJwt(60));
    expect(await authProvider.check()).toEqual({ authenticated: true });
    localStorage.setItem("accessToken", fakeJwt(-1));
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: "/login?expired=1" });
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: "/login" });
    expect(isTokenValid("not-a-jwt")).toBe(false);
    expect(isTokenValid(null)).toBe(false);
  });

  it("logout clears accessToken, users and navConfig", async () => {
    localStorage.setItem("accessToken", fakeJwt(60));
    localStorage.setItem("users", JSON.stringify({ ...ADMIN, role: "Supplier" }));
    localStorage.setItem("navConfig", JSON.stringify(NAV));
    const result = await authProvider.logout({});
    expect(result).toEqual({ success: true, redirectTo: "/supplier/login" });
    expect(localStorage.getItem("accessToken")).toBeNull();
    expect(localStorage.getItem("users")).toBeNull();
    expect(localStorage.getItem("navConfig")).toBeNull();
  });

  it("a 401 from any call ends the session at once, as expired; other errors do not", async () => {
    localStorage.setItem("accessToken", fakeJwt(60));
    localStorage.setItem("users", JSON.stringify(ADMIN));
    expect(await authProvider.onError({ statusCode: 404, message: "Post not found" })).toEqual({});
    expect(await authProvider.onError("Something went wrong")).toEqual({});
    expect(localStorage.getItem("accessToken")).not.toBeNull();
    expect(sessionEndedBy()).toBeNull();
    // The app, not Refine, then sends the user to sign in (keeping the page): Refine gets no redirect.
    expect(await authProvider.onError({ statusCode: 401, message: "Unauthorized" })).toEqual({});
    expect(localStorage.getItem("accessToken")).toBeNull();
    expect(sessionEndedBy()).toBe("expired");
  });

  it("identity is the stored user and permissions are its roles", async () => {
    localStorage.setItem("users", JSON.stringify(ADMIN));
    expect(await authProvider.getIdentity!()).toMatchObject({ id: 1, name: "Ann Lee" });
    expect(await authProvider.getPermissions!()).toEqual(["admin"]);
  });
});

describe("session expiry timer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-22T09:00:00Z"));
  });

  const arm = (role: string) => {
    const token = fakeJwt(30, role);
    localStorage.setItem("accessToken", token);
    localStorage.setItem("users", JSON.stringify({ ...ADMIN, role }));
    localStorage.setItem("navConfig", JSON.stringify(NAV));
    const redirect = vi.fn();
    scheduleExpiry(token, role, redirect);
    return redirect;
  };

  it("sends a supplier to /supplier at exp and clears the session", () => {
    const redirect = arm("supplier");
    vi.advanceTimersByTime(29_000);
    expect(redirect).not.toHaveBeenCalled();
    expect(localStorage.getItem("accessToken")).not.toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(redirect).toHaveBeenCalledWith("/supplier?expired=1");
    expect(localStorage.getItem("accessToken")).toBeNull();
    expect(localStorage.getItem("users")).toBeNull();
    expect(localStorage.getItem("navConfig")).toBeNull();
  });

  it("compares the role case-insensitively", () => {
    const redirect = arm("Supplier");
    vi.advanceTimersByTime(30_000);
    expect(redirect).toHaveBeenCalledWith("/supplier?expired=1");
  });

  it("keeps the page being looked at, to come back to after signing in", () => {
    window.history.pushState({}, "", "/admin/orders/7/view?tab=items");
    const redirect = arm("admin");
    vi.advanceTimersByTime(30_000);
    expect(redirect).toHaveBeenCalledWith("/?to=%2Fadmin%2Forders%2F7%2Fview%3Ftab%3Ditems&expired=1");
    window.history.pushState({}, "", "/");
  });

  it("sends an admin (anyone not a supplier) to /", () => {
    const redirect = arm("admin");
    vi.advanceTimersByTime(30_000);
    expect(redirect).toHaveBeenCalledWith("/?expired=1");
  });

  it("does nothing once the session has ended otherwise (a 401 at exp sent the user to sign in already)", () => {
    const redirect = arm("admin");
    vi.advanceTimersByTime(29_900);
    void authProvider.onError({ statusCode: 401, message: "expired" });
    vi.advanceTimersByTime(1_000);
    expect(redirect).not.toHaveBeenCalled();
    expect(sessionEndedBy()).toBe("expired");
  });

  it("signing in again replaces the previous timer", () => {
    const first = arm("admin");
    const second = arm("supplier");
    vi.advanceTimersByTime(30_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe("home path", () => {
  it("is the first granted screen; a parent opens its first child", () => {
    expect(homePath(NAV, "admin")).toBe("/admin/dashboard");
    expect(homePath(NAV.slice(1), "editor")).toBe("/admin/blog/posts");
    expect(homePath([], "admin")).toBeUndefined();
  });
});

describe("coming back after signing in", () => {
  it("goes back only to a path inside the app, never another site or a sign-in page", () => {
    expect(returnTo("?to=%2Fadmin%2Forders%2F7%2Fview")).toBe("/admin/orders/7/view");
    expect(returnTo("?to=/supplier/product/3")).toBe("/supplier/product/3");
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "admin/orders",
      "/login",
      "/supplier/login?x=1",
      "/supplier/register",
    ]) {
      expect(returnTo(`?to=${encodeURIComponent(bad)}`), bad).toBeNull();
    }
    expect(returnTo("")).toBeNull();
  });

  it("ignores a path the browser would read as another site: control characters, backslashes, //host", () => {
    const origin = "https://seller.example";
    for (const bad of [
      "/%09/evil.example",
      "/%0a/evil.example",
      "/%0d/evil.example",
      "/%0d%0a/evil.example",
      "%2F%09%2Fevil.example",
      "/%00/evil.example",
      "/%7f/evil.example",
      "/admin%09/orders",
      "%2F%5C%5Cevil.example",
      "/%5C/evil.example",
      "%5C%5Cevil.example",
      "///evil.example",
      "//evil.example",
      "https://evil.example/admin",
      "https://seller.example/admin",
      "javascript:alert(1)",
      "/%2e%2e/login",
    ]) {
      expect(returnTo(`?to=${bad}`, origin), bad).toBeNull();
    }
    // What the browser would do with the path anyway is what the router is given.
    expect(returnTo("?to=/admin/./orders/../orders/list%3Fstatus%3Dpaid%23top", origin)).toBe(
      "/admin/orders/list?status=paid#top",
    );
    expect(returnTo("?to=%2Fadmin%2Forders")).toBe("/admin/orders");
  });

  it("names the page to come back to, except the roots and sign-in pages, and whether the session expired", () => {
    expect(signInQuery("/admin/orders/list?status=paid", false)).toBe("?to=%2Fadmin%2Forders%2Flist%3Fstatus%3Dpaid");
    expect(signInQuery("/", true)).toBe("?expired=1");
    expect(signInQuery("/supplier/login", false)).toBe("");
    expect(sessionExpiredIn("?to=%2Fx&expired=1")).toBe(true);
    expect(sessionExpiredIn("?to=%2Fx")).toBe(false);
  });
});
