import { afterEach, describe, expect, it } from "vitest";
import { GENERIC_ERROR, get, post } from "../../src/providers/http";
import { ACCESS_TAG_KEY, readNavConfig, storeSession } from "../../src/providers/session-store";
import { mockHttp } from "./helpers";

let restore: () => void = () => {};
afterEach(() => restore());

describe("http client", () => {
  it("sends no Authorization header before login and a bearer token after", async () => {
    const m = mockHttp(() => ({ status: 200, data: { ok: true } }));
    restore = m.restore;
    await get("/api/x");
    localStorage.setItem("accessToken", "tok-123");
    await get("/api/x");
    expect(m.calls[0].headers.Authorization).toBeUndefined();
    expect(m.calls[1].headers.Authorization).toBe("Bearer tok-123");
  });

  it("GET sends params as the query and POST a JSON body; both return the body", async () => {
    const m = mockHttp((req) => ({ status: 200, data: { echo: req.method } }));
    restore = m.restore;
    expect(await get("/api/a", { page: 2 })).toEqual({ echo: "GET" });
    expect(await post("/api/b", { id: 7 })).toEqual({ echo: "POST" });
    expect(m.calls[0].params).toEqual({ page: 2 });
    expect(m.calls[1].data).toEqual({ id: 7 });
  });

  it("rejects with Refine's HttpError: message, statusCode and errors per form field", async () => {
    const body = {
      status: 400,
      message: "Bad input",
      errors: [
        { field: "email", message: "email has an invalid format" },
        { field: "/tags/3", message: "tags must be at most 30 characters" },
        { field: "tags.4", message: "tags must not be empty" },
        { field: 7, message: "not a field" },
      ],
    };
    restore = mockHttp(() => ({ status: 400, data: body })).restore;
    await expect(post("/api/account/register", {})).rejects.toEqual({
      message: "Bad input",
      statusCode: 400,
      errors: {
        email: ["email has an invalid format"],
        tags: ["tags must be at most 30 characters", "tags must not be empty"],
      },
    });
  });

  it("keeps the HTTP status when the body has no message, and leaves out empty errors", async () => {
    restore = mockHttp(() => ({ status: 404, data: { status: 404, errors: [] } })).restore;
    await expect(get("/api/x")).rejects.toEqual({ message: GENERIC_ERROR, statusCode: 404 });
  });

  it("rejects with 'Something went wrong' and the status when there is no body", async () => {
    restore = mockHttp(() => ({ status: 502 })).restore;
    await expect(get("/api/x")).rejects.toEqual({ message: GENERIC_ERROR, statusCode: 502 });
    expect(GENERIC_ERROR).toBe("Something went wrong");
  });

  it("treats 3xx as a failure: success is 200–299 only", async () => {
    restore = mockHttp(() => ({ status: 304, data: "" })).restore;
    await expect(get("/api/x")).rejects.toEqual({ message: GENERIC_ERROR, statusCode: 304 });
  });
});

describe("the grants tag", () => {
  const user = { id: 9, username: "pat", email: "", firstName: "Pat", lastName: "", role: "staff", shops: [] };
  const nav = (path: string) => [{ subheader: "nav.insight", items: [{ title: "t", path }] }];
  const settle = () => new Promise((done) => setTimeout(done, 0));

  it("re-reads the menu once when the server's tag of the grants changes, on a refusal too; not when it stays", async () => {
    storeSession("tok", user, nav("/admin/orders"));
    let tag = "aaaaaaaaaaaaaaaa";
    const m = mockHttp((req) =>
      req.url === "/api/account/me"
        ? { status: 200, data: { user, navConfig: nav("/admin/blog") }, headers: { "x-access-tag": tag } }
        : { status: req.url === "/api/refused" ? 403 : 200, data: { message: "no" }, headers: { "x-access-tag": tag } },
    );
    restore = m.restore;
    await get("/api/x");
    await get("/api/x");
    await settle();
    expect(m.calls.map((c) => c.url)).toEqual(["/api/x", "/api/x"]);
    expect(localStorage.getItem(ACCESS_TAG_KEY)).toBe(tag);

    tag = "bbbbbbbbbbbbbbbb";
    await expect(get("/api/refused")).rejects.toMatchObject({ statusCode: 403 });
    await settle();
    expect(m.calls.map((c) => c.url)).toEqual(["/api/x", "/api/x", "/api/refused", "/api/account/me"]);
    expect(readNavConfig()[0].items[0].path).toBe("/admin/blog");
    expect(localStorage.getItem(ACCESS_TAG_KEY)).toBe(tag);
    await get("/api/x");
    await settle();
    expect(m.calls).toHaveLength(5);
  });

  it("ignores tags when nobody is signed in", async () => {
    const m = mockHttp(() => ({ status: 200, data: {}, headers: { "x-access-tag": "cccccccccccccccc" } }));
    restore = m.restore;
    await get("/api/x");
    expect(localStorage.getItem(ACCESS_TAG_KEY)).toBeNull();
  });
});

describe("retries", () => {
  it("sends a request refused with a token the session has replaced meanwhile once more with the new one", async () => {
    localStorage.setItem("accessToken", "old-token");
    const m = mockHttp((req) => {
      // The session was renewed (own password change) while this request was on its way.
      if (req.headers.Authorization === "Bearer old-token") {
        localStorage.setItem("accessToken", "new-token");
        return { status: 401, data: { status: 401, message: "Your session has ended. Please sign in again." } };
      }
      return { status: 200, data: { ok: true } };
    });
    restore = m.restore;
    expect(await get("/api/x")).toEqual({ ok: true });
    expect(m.calls.map((c) => c.headers.Authorization)).toEqual(["Bearer old-token", "Bearer new-token"]);
    // A 401 for the token still stored is the session's end: not sent again.
    const again = mockHttp(() => ({ status: 401, data: { status: 401, message: "Your session has ended." } }));
    restore = () => {
      again.restore();
      m.restore();
    };
    await expect(get("/api/x")).rejects.toMatchObject({ statusCode: 401 });
    expect(again.calls).toHaveLength(1);
    localStorage.removeItem("accessToken");
  });

  it("never repeats a 4xx answer; gives network failures and 5xx two more tries", async () => {
    const { shouldRetry } = await import("../../src/providers/http-shared");
    for (const status of [400, 401, 403, 404, 409, 429])
      expect(shouldRetry(0, { status, message: "x" }), String(status)).toBe(false);
    expect(shouldRetry(0, { status: 503, message: "down" })).toBe(true);
    expect(shouldRetry(1, "Something went wrong")).toBe(true);
    expect(shouldRetry(2, { status: 500, message: "x" })).toBe(false);
  });
});
