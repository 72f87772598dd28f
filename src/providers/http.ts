import axios, { type AxiosError, type AxiosResponse } from "axios";
import type { Answer } from "../api";
import { TOKEN_KEY, toApiError } from "./http-shared";
import { ACCESS_TAG_KEY, readToken, storeSession } from "./session-store";

export { GENERIC_ERROR, TOKEN_KEY, errorMessage, errorStatus, type ApiError } from "./http-shared";

/** The one HTTP client: every call to the API goes through it. */
export const http = axios.create({
  baseURL: import.meta.env.VITE_API_URL ?? "",
  timeout: 0,
  validateStatus: (status) => status >= 200 && status < 300,
});

http.interceptors.request.use((config) => {
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) config.headers.set("Authorization", `Bearer ${token}`);
  return config;
});

let rereading: Promise<void> | null = null;

/**
 * The server tags each signed-in answer with the caller's grants (`x-access-tag`). When the tag changes
 * (an administrator edited the role's menus), the menu and user are read again at once, so the menu
 * follows at the next request rather than the next sign-in. A failed re-read keeps the old menu: the
 * server enforces the grants either way.
 */
function noteAccessTag(response: AxiosResponse | undefined) {
  const tag: unknown = response?.headers?.["x-access-tag"];
  if (typeof tag !== "string" || !readToken()) return;
  const known = localStorage.getItem(ACCESS_TAG_KEY);
  if (known === tag) return;
  localStorage.setItem(ACCESS_TAG_KEY, tag);
  if (known === null || rereading) return;
  rereading = http
    .get<Answer<"/api/account/me">>("/api/account/me")
    .then(({ data }) => {
      const token = readToken();
      if (token && data?.user) storeSession(token, data.user, data.navConfig ?? []);
      localStorage.setItem(ACCESS_TAG_KEY, tag);
    })
    .catch(() => undefined)
    .finally(() => {
      rereading = null;
    });
}

const retried = new WeakSet<object>();

/** Every failure reaches callers as Refine's `HttpError` (`message`, `statusCode`, `errors`). */
http.interceptors.response.use(
  (response) => {
    noteAccessTag(response);
    return response;
  },
  (error: AxiosError) => {
    noteAccessTag(error.response);
    // Sent with a token this session has replaced since (own password change, signing out elsewhere): the server
    // refuses the old one, so the request goes once more with the new one rather than ending the session.
    const config = error.config;
    const token = readToken();
    if (
      error.response?.status === 401 &&
      config &&
      token &&
      !retried.has(config) &&
      config.headers.get("Authorization") !== `Bearer ${token}`
    ) {
      retried.add(config);
      return http.request(config);
    }
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- Refine's HttpError is a plain object ({ message, statusCode, errors }); callers and tests compare it as one
    return Promise.reject(toApiError(error.response?.status, error.response?.data));
  },
);

/** Same request, same key: the method, the path and the input with its keys sorted. */
function keyOf(method: "GET" | "POST", path: string, input: unknown): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : Array.isArray(value)
        ? value.map(sorted)
        : value;
  return `${method} ${path} ${JSON.stringify(sorted(input ?? {}))}`;
}

/** Reads sent ahead of the screen that needs them (src/preload.ts), each kept for the first identical request. */
const early = new Map<string, Promise<AxiosResponse>>();
/** Unclaimed (the user went elsewhere), an early answer is dropped: a later visit reads afresh. */
const EARLY_MS = 15_000;
let keeping = false;

function send(method: "GET" | "POST", path: string, input: unknown): Promise<AxiosResponse> {
  const key = keyOf(method, path, input);
  const kept = early.get(key);
  if (kept) {
    // A second early read of the same thing shares the first; the screen's own read takes it over.
    if (!keeping) early.delete(key);
    return kept;
  }
  const request = method === "GET" ? http.get(path, { params: input }) : http.post(path, input ?? {});
  if (keeping) {
    early.set(key, request);
    // Nobody may claim it; its failure is the claimer's to report.
    request.catch(() => undefined);
    setTimeout(() => early.get(key) === request && early.delete(key), EARLY_MS);
  }
  return request;
}

/**
 * Runs `read` (a data provider call) so that the requests it sends are kept for the screen's own
 * identical request instead of being read twice. The data provider sends synchronously on call, so
 * only `read`'s own requests are marked.
 */
export function prefetch(read: () => Promise<unknown>): void {
  keeping = true;
  try {
    read().catch(() => undefined);
  } finally {
    keeping = false;
  }
}

/** `T` names the answer the caller expects; nothing checks it at run time. */
export async function get<T = unknown>(path: string, params?: Record<string, unknown>): Promise<T> {
  const response = await send("GET", path, params);
  return response.data as T;
}

export async function post<T = unknown>(path: string, body?: unknown): Promise<T> {
  const response = await send("POST", path, body ?? {});
  return response.data as T;
}
