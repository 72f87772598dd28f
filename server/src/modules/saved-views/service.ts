import { fieldError, HttpError } from '../../lib/errors.js';
import { STATE_MAX_BYTES } from './schemas.js';

/** Trims the name and keeps the state within its size; the JSON schema has checked the rest. */
export function prepareView(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  if (typeof body.name === 'string') {
    out.name = body.name.trim();
    if (!out.name) throw fieldError('name', 'name must not be empty');
  }
  if (body.state !== undefined) {
    const bytes = Buffer.byteLength(JSON.stringify(body.state));
    if (bytes > STATE_MAX_BYTES) {
      throw fieldError(
        'state',
        `state must be at most ${STATE_MAX_BYTES / 1024} KB (this one is ${Math.ceil(bytes / 1024)} KB)`,
      );
    }
  }
  return out;
}

/** 409 on the field the user can change: names are unique per user and list, ignoring case. */
export function duplicateName(body: Record<string, unknown>): HttpError {
  const message = `name "${String(body.name)}" is already used by another of your views of this list; choose another name`;
  return new HttpError(409, message, [{ field: 'name', message }]);
}
