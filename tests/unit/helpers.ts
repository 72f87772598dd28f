import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { http } from "../../src/providers/http";

export interface Recorded {
  method: string;
  url: string;
  params: unknown;
  data: unknown;
  headers: Record<string, unknown>;
}

/** Replaces the HTTP layer under the shared axios instance; answers come from `reply`. */
export function mockHttp(
  reply: (req: Recorded) => { status: number; data?: unknown; headers?: Record<string, string> },
) {
  const calls: Recorded[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const req: Recorded = {
      method: (config.method ?? "get").toUpperCase(),
      url: config.url ?? "",
      params: config.params,
      data: typeof config.data === "string" ? JSON.parse(config.data) : config.data,
      headers: config.headers.toJSON(),
    };
    calls.push(req);
    const { status, data, headers = {} } = reply(req);
    const response = { data, status, statusText: String(status), headers, config, request: {} };
    const validate = config.validateStatus;
    if (!validate || validate(status)) return response;
    const { AxiosError } = await import("axios");
    throw new AxiosError(`Request failed with status code ${status}`, "ERR_BAD_RESPONSE", config, {}, response);
  };
  http.defaults.adapter = adapter;
  return { calls, restore: () => (http.defaults.adapter = original) };
}

/** An unsigned JWT whose payload carries `exp` (seconds from now) and a role. */
export function fakeJwt(expInSeconds: number, role = "admin", now = Date.now()): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: 1, role, exp: Math.floor(now / 1000) + expInSeconds, iat: Math.floor(now / 1000) })}.sig`;
}

/** An i18next instance with no translations: screens render their keys, which tests assert on. */
export function keysOnlyI18n() {
  if (!i18next.isInitialized)
    void i18next.use(initReactI18next).init({ lng: "en", resources: {}, react: { useSuspense: false } });
  return i18next;
}

/** The `rest` data provider for screen tests that do not look at saved views: no views, no writes. */
export const noSavedViews: import("@refinedev/core").DataProvider = {
  getApiUrl: () => "/api/v2",
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => {
    throw { message: "Not found", statusCode: 404 };
  },
  create: async () => {
    throw { message: "Not in this test", statusCode: 400 };
  },
  update: async () => {
    throw { message: "Not in this test", statusCode: 400 };
  },
  deleteOne: async () => {
    throw { message: "Not in this test", statusCode: 400 };
  },
};

/** Refine's i18n provider reading English from a real locale file, so a test reads what a user reads. */
export function englishFrom(strings: object) {
  return {
    translate: (key: string, options?: unknown, fallback?: string) => {
      const found = key
        .split(".")
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
      const text = typeof found === "string" ? found : typeof options === "string" ? options : (fallback ?? key);
      return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
        String((options as Record<string, string | number> | undefined)?.[name] ?? ""),
      );
    },
    changeLocale: async () => {},
    getLocale: () => "en",
  };
}
