/**
 * The HTTP layer's constants and error readers, without axios: the sign-in page needs these at
 * once but loads the client itself only when the form is sent.
 */
export const TOKEN_KEY = "accessToken";

declare global {
  // Vite types every VITE_* variable as any; the API's origin, when it is not the page's own.
  interface ImportMetaEnv {
    readonly VITE_API_URL?: string;
  }
}

export const GENERIC_ERROR = "Something went wrong";

/** Refine's `HttpError` shape, typed here so the sign-in page need not load Refine. */
export interface ApiError {
  message: string;
  /** 0 when no answer came (network failure, timeout). */
  statusCode: number;
  /** Field → messages, keyed by the form field's name (Refine's server-side validation reads it). */
  errors?: Record<string, string[]>;
}

/**
 * Every failed call rejects with one shape. The server answers `{status, message, errors?:
 * [{field, message}]}`; a field path such as `tags.3` or `/items/0/qty` names the form field
 * `tags` / `items`: forms show errors per field, not per list item.
 */
export function toApiError(status: number | undefined, body: unknown): ApiError {
  const b = body && typeof body === "object" ? (body as { message?: unknown; errors?: unknown }) : {};
  const message =
    typeof b.message === "string" && b.message ? b.message : typeof body === "string" && body ? body : GENERIC_ERROR;
  const error: ApiError = { message, statusCode: status ?? 0 };
  if (Array.isArray(b.errors)) {
    const errors: Record<string, string[]> = {};
    for (const e of b.errors as { field?: unknown; message?: unknown }[]) {
      if (!e || typeof e.field !== "string" || typeof e.message !== "string") continue;
      const name = e.field.replace(/^\//, "").split(/[./]/)[0];
      (errors[name] ??= []).push(e.message);
    }
    if (Object.keys(errors).length) error.errors = errors;
  }
  return error;
}

/** Reads the human message out of whatever a failed call rejected with. */
export function errorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    return error.message;
  }
  return GENERIC_ERROR;
}

/** HTTP status carried by a failure, if any. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === "object") {
    const e = error as { status?: unknown; statusCode?: unknown };
    if (typeof e.statusCode === "number") return e.statusCode;
    if (typeof e.status === "number") return e.status;
  }
  return undefined;
}

/**
 * Whether a failed read is worth another try: an answer the server gave on purpose (4xx: not
 * signed in, forbidden, not found, bad input) says the same the second time. Network failures and
 * 5xx get two more tries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}
