import type { FormInstance } from "antd";
import { errorMessage, errorStatus, type ApiError } from "../../providers/http-shared";

export { errorMessage, errorStatus };

const fieldsOf = (form: FormInstance) =>
  new Set(Object.keys((form.getFieldsValue() as Record<string, unknown> | undefined) ?? {}));
const errorsOf = (error: unknown) => (error as Partial<ApiError> | null)?.errors ?? {};

/** Whether a failure names at least one field this form shows (Refine's `useForm` puts those on the fields). */
export function hasFieldErrors(form: FormInstance, error: unknown): boolean {
  const fields = fieldsOf(form);
  return Object.keys(errorsOf(error)).some((name) => fields.has(name));
}

/**
 * Puts a failure's field errors on the form's fields, for forms that send a domain verb rather than
 * Refine's create/update. Errors naming a field the form lacks, or a failure with no field errors,
 * go to `fallback` when given (a one-field dialog). Returns whether anything was placed; when not,
 * the caller shows the message above the form.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, fallback?: string): boolean {
  const fields = fieldsOf(form);
  const placed = new Map<string, string[]>();
  for (const [name, messages] of Object.entries(errorsOf(error))) {
    const target = fields.has(name) ? name : fallback;
    if (target) placed.set(target, [...(placed.get(target) ?? []), ...messages]);
  }
  if (!placed.size && fallback) placed.set(fallback, [errorMessage(error)]);
  form.setFields([...placed].map(([name, errors]) => ({ name, errors })));
  return placed.size > 0;
}

export const isNotFound = (error: unknown) => errorStatus(error) === 404;
