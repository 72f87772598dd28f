/**
 * The HTTP layer's constants and error readers, without axios: the sign-in page needs these at
 * once but loads the client itself only when the form is sent.
 */
export const TOKEN_KEY = "accessToken";
export const GENERIC_ERROR = "Something went wrong";

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
