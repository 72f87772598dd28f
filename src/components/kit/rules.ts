import type { FormRule } from "antd";
import type { Body, Path } from "../../api";
import { REQUIRED_FIELDS } from "../../api/required";

type Write = "post" | "put" | "patch" | "delete";
type Fields<B> = Extract<keyof B, string>;
/** A body's fields and, one level down, its object fields' fields as `parent.child`. */
type FieldsOf<B> = {
  [K in Fields<B>]: NonNullable<B[K]> extends readonly unknown[]
    ? K
    : NonNullable<B[K]> extends object
      ? K | `${K}.${Fields<NonNullable<B[K]>>}`
      : K;
}[Fields<B>];
/** The names of a write's body fields (any name for a multipart-only write, which has no JSON body type). */
export type BodyField<P extends Path, M extends Write> = [Body<P, M>] extends [never]
  ? string
  : FieldsOf<NonNullable<Body<P, M>>>;

/**
 * A form's required marks come from the rule the server applies: the write's schema (src/api/required.ts,
 * generated from the OpenAPI document). `writeRules(path)` gives the rules of a field that fills one of the body's
 * fields (`parent.child` for a field of an object field): required — with `message`, blank text counting as
 * missing — when the schema requires it, or when it is a text the server refuses blank (a change's name: the form
 * sends it, so it may not be emptied); then `more` (lengths, patterns). A field renamed on the server breaks the
 * typecheck of the form that fills it.
 */
export function writeRules<P extends Path, M extends Write = "post">(path: P, method: M = "post" as M) {
  const required = REQUIRED_FIELDS[path]?.[method] ?? {};
  const rules = (field: BodyField<P, M>, message?: string, more: FormRule[] = []): FormRule[] => {
    const kind = required[field];
    if (!kind) return more;
    return [
      { required: true, ...(kind === "value" ? {} : { whitespace: true }), ...(message ? { message } : {}) },
      ...more,
    ];
  };
  /** Whether the field must be filled: the mark of a field that fills several (a window: its start and end). */
  rules.requires = (field: BodyField<P, M>): boolean => !!required[field];
  return rules;
}

/**
 * A mark no write's required list can give: a field the server never receives as such (a repeated password), or
 * one the server requires only on a condition (a shop with the audience "shop", a new record of a write that also
 * changes). Everything else takes its mark from `writeRules`; each use says why beside it.
 */
export const formOnlyRequired = (message?: string): FormRule => ({ required: true, ...(message ? { message } : {}) });

/**
 * Spread on every Radio.Group: antd gives a required field's control aria-required, which axe refuses on a plain
 * div (aria-allowed-attr) and allows on a radio group. antd's types do not name `role`; the group passes it on.
 */
export const RADIO_GROUP = { role: "radiogroup" } as const;
