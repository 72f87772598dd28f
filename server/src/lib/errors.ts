export interface FieldError {
  field: string;
  message: string;
}

/** An error whose message is safe and useful to show to the caller. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);

export function fieldError(field: string, message: string): HttpError {
  return badRequest(message, [{ field, message }]);
}

/** A 409 naming the field the clash is on (a taken code or name, a stale version), for the form to place it. */
export function fieldConflict(field: string, message: string): HttpError {
  return new HttpError(409, message, [{ field, message }]);
}

/** Postgres unique violation (same code on PGlite and pg). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
