import { afterEach, describe, expect, it } from "vitest";
import { GENERIC_ERROR, get, post } from "../../src/providers/http";
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

  it("rejects with the server's error body", async () => {
    const body = { status: 400, message: "Bad email", errors: [{ field: "email", message: "invalid" }] };
    restore = mockHttp(() => ({ status: 400, data: body })).restore;
    await expect(post("/api/account/register", {})).rejects.toEqual(body);
  });

  it("rejects with 'Something went wrong' when there is no body", async () => {
    restore = mockHttp(() => ({ status: 502 })).restore;
    await expect(get("/api/x")).rejects.toBe(GENERIC_ERROR);
    expect(GENERIC_ERROR).toBe("Something went wrong");
  });

  it("treats 3xx as a failure: success is 200–299 only", async () => {
    restore = mockHttp(() => ({ status: 304, data: "" })).restore;
    await expect(get("/api/x")).rejects.toBe(GENERIC_ERROR);
  });
});

describe("retries", () => {
  it("never repeats a 4xx answer; gives network failures and 5xx two more tries", async () => {
    const { shouldRetry } = await import("../../src/providers/http-shared");
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, { status, message: "x" }), String(status)).toBe(false);
    expect(shouldRetry(0, { status: 503, message: "down" })).toBe(true);
    expect(shouldRetry(1, "Something went wrong")).toBe(true);
    expect(shouldRetry(2, { status: 500, message: "x" })).toBe(false);
  });
});
