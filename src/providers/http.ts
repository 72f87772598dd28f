import axios, { type AxiosError } from "axios";
import { GENERIC_ERROR, TOKEN_KEY } from "./http-shared";

export { GENERIC_ERROR, TOKEN_KEY, errorMessage, errorStatus } from "./http-shared";

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
