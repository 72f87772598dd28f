import axios, { type AxiosError } from "axios";

export const TOKEN_KEY = "accessToken";
export const GENERIC_ERROR = "Something went wrong";

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

/** Callers see the server's error body (`{status, message, errors?}`) or one plain message. */
http.interceptors.response.use(
  (response) => response,
  (error: AxiosError) => {
    const body = error.response?.data;
    return Promise.reject(body === undefined || body === null || body === "" ? GENERIC_ERROR : body);
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

/** Reads the human message out of whatever a failed call rejected with. */
export function errorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    return error.message;
  }
  return GENERIC_ERROR;
}

/** HTTP status carried by a server error body, if any. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === "object") {
    const e = error as { status?: unknown; statusCode?: unknown };
    if (typeof e.status === "number") return e.status;
    if (typeof e.statusCode === "number") return e.statusCode;
  }
  return undefined;
}
