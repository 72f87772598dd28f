/** The audit log (docs/api/audit.md): who changed what and when, with the record before and after. */
import type { Answer, RowOf } from "../../api";
import { callsOf } from "../../resources/calls";
import audit from "./endpoints";
import { ON_REST } from "../../providers/rest";

export const calls = callsOf(audit);
/** The REST resource under /api/v2 (the `rest` data provider). */
export const REST = { resource: "audit-log", ...ON_REST } as const;

/** A row of the list: the top-level fields that differ instead of the whole record. */
export type AuditSummary = RowOf<"/api/v2/audit-log">;

export type AuditEntry = Answer<"/api/v2/audit-log/{id}">;

export type Facets = Answer<"/api/v2/audit-facets">;

export type Actor = Facets["actors"][number];

/** One field of the record: its value before and after (`undefined`: the field was not there). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The record's fields side by side, changed ones first (in the record's own order). A value that is not
 * an object (or a missing record) is one field, `value`, as the server's `changed` names it.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if ((isObject(before) || before == null) && (isObject(after) || after == null)) {
    const b = before ?? {};
    const a = after ?? {};
    const rows = [...new Set([...Object.keys(b), ...Object.keys(a)])].map((field) => ({
      field,
      before: field in b ? b[field] : undefined,
      after: field in a ? a[field] : undefined,
      changed: !same(b[field], a[field]),
    }));
    return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
  }
  return [{ field: "value", before, after, changed: !same(before, after) }];
}

/** A value as text: strings as they are, anything else as indented JSON. */
export const valueText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v, null, 2));

/** `order_claim` → `order claim`: how a code reads when no translation names it. */
export const humanize = (code: string) => code.replace(/[_.]+/g, " ");
