import axios, { type AxiosError, type AxiosResponse } from "axios";
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
  const tag = response?.headers?.["x-access-tag"];
  if (typeof tag !== "string" || !readToken()) return;
  const known = localStorage.getItem(ACCESS_TAG_KEY);
  if (known === tag) return;
  localStorage.setItem(ACCESS_TAG_KEY, tag);
  if (known === null || rereading) return;
  rereading = http.get("/api/account/me")
    .then(({ data }) => {
      const token = readToken();
      if (token && data?.user) storeSession(token, data.user, data.navConfig ?? []);
      localStorage.setItem(ACCESS_TAG_KEY, tag);
    })
    .catch(() => undefined)
    .finally(() => { rereading = null; });
}

/** Every failure reaches callers as Refine's `HttpError` (`message`, `statusCode`, `errors`). */
http.interceptors.response.use(
  (response) => {
    noteAccessTag(response);
    return response;
  },
  (error: AxiosError) => {
    noteAccessTag(error.response);
    return Promise.reject(toApiError(error.response?.status, error.response?.data));
  },
);

export async function get<T = any>(path: string, params?: Record<string, unknown>): Promise<T> {
  const response = await http.get<T>(path, { params });
  return response.data;
}

export async function post<T = any>(path: string, body?: unknown): Promise<T> {
  const response = await http.post<T>(path, body ?? {});
  return response.data;
}
