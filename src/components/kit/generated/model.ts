/**
 * Generated screens: a row of the table of screens with `generated: { resource }` is a list, record page
 * and form over that `/api/v2` resource with no page code. What each field is, and its words, come from
 * here: the resource's description (src/api/resources.ts, from the OpenAPI document) and the locale files.
 */
import { useTranslation } from "react-i18next";
import { SCREENS, type Screen } from "../../../../contract/screens";
import { REST_RESOURCES } from "../../../api/resources";
import type { FieldSchema, RestResourceDoc } from "../../../api/resource-doc";
import type { Overrides } from "./overrides";

export type Kind =
  | "text"
  | "longText"
  | "integer"
  | "number"
  | "money"
  | "date"
  | "dateTime"
  | "boolean"
  | "enum"
  | "ref"
  | "image"
  | "enumList"
  | "textList"
  | "json";

export interface Generated {
  screen: Screen;
  /** The REST resource's name (`/api/v2/<resource>`). */
  resource: string;
  doc: RestResourceDoc;
  /** Where the screen's words live: `<words>.fields.<field>` and so on. */
  words: string;
}

/** The generated screen of a table row; throws for a row that is not one (a wiring mistake, caught by tests). */
export function generatedOf(screenId: string): Generated {
  const screen = SCREENS.find((s) => s.id === screenId);
  const resource = screen?.generated?.resource;
  const doc = resource ? (REST_RESOURCES as Record<string, RestResourceDoc>)[resource] : undefined;
  if (!screen || !resource || !doc) throw new Error(`${screenId} is not a generated screen of a served resource`);
  return { screen, resource, doc, words: screen.generated?.words ?? screen.feature };
}

const typeOf = (s: FieldSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type) as string;
export const isNullable = (s: FieldSchema) => s.nullable === true || (Array.isArray(s.type) && s.type.includes("null"));

/** What a field is, from its schema (and whether it points to another resource). */
export function kindOf(field: string, s: FieldSchema, doc: RestResourceDoc): Kind {
  if (doc.refs[field]) return "ref";
  if (s.enum) return "enum";
  const type = typeOf(s);
  if (type === "boolean") return "boolean";
  if (type === "integer") return "integer";
  if (type === "number") return s.multipleOf === 0.01 ? "money" : "number";
  if (type === "string") {
    if (s.format === "date-time") return "dateTime";
    if (s.format === "date") return "date";
    if (/(image|icon|picture)Url$/i.test(field)) return "image";
    return (s.maxLength ?? 0) > 200 ? "longText" : "text";
  }
  // A list of states (several of a set) or of words (tags): chosen from, or typed, in one box.
  if (type === "array" && s.items?.enum) return "enumList";
  if (type === "array" && s.items && typeOf(s.items) === "string" && !s.items.format) return "textList";
  return "json";
}

/**
 * A concurrency token (`x-token`, e.g. a role's version): read with the row and sent back unchanged with a
 * change; never shown, a hidden field of the form.
 */
export const isToken = (s: FieldSchema) => s["x-token"] === true;

/** The fields a list shows: every answered field but the id, tokens and documents (objects, arrays). */
export const listFields = (g: Generated) =>
  Object.entries(g.doc.fields).filter(([name, s]) => name !== "id" && !isToken(s) && kindOf(name, s, g.doc) !== "json");

/** The form's fields: the create body's, or the change body's when editing (or when there is no create). */
export function formFields(g: Generated, action: "create" | "edit") {
  const body = action === "create" ? g.doc.create : (g.doc.update ?? g.doc.create);
  const required = action === "create" ? (g.doc.create?.required ?? []) : [];
  return Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
    name,
    schema,
    kind: kindOf(name, schema, g.doc),
    required: required.includes(name),
    hidden: isToken(schema),
  }));
}

/** Every locale key a generated screen shows (the words test checks each in the five languages). */
export function wordKeys(g: Generated): string[] {
  const fields = new Set([
    ...listFields(g).map(([name]) => name),
    ...formFields(g, "create")
      .filter((f) => !f.hidden)
      .map((f) => f.name),
    ...formFields(g, "edit")
      .filter((f) => !f.hidden)
      .map((f) => f.name),
  ]);
  const keys = [...fields].map((f) => `${g.words}.fields.${f}`);
  for (const f of fields) {
    const s = g.doc.fields[f] ?? g.doc.create?.properties[f] ?? g.doc.update?.properties[f];
    for (const v of s?.enum ?? s?.items?.enum ?? []) if (v !== null) keys.push(`${g.words}.values.${f}.${v}`);
  }
  return [...keys, `${g.words}.empty`];
}

/** The screen's words: the locale file's, else the schema's title, else the field's name. */
export function useWords(g: Generated) {
  const { t, i18n } = useTranslation();
  const has = (key: string) => i18n.exists(key);
  const schemaOf = (f: string) => g.doc.fields[f] ?? g.doc.create?.properties[f] ?? g.doc.update?.properties[f];
  return {
    field: (f: string) => {
      const key = `${g.words}.fields.${f}`;
      return has(key) ? t(key) : (schemaOf(f)?.title ?? f);
    },
    value: (f: string, v: unknown) => {
      const key = `${g.words}.values.${f}.${String(v)}`;
      return has(key) ? t(key) : String(v);
    },
    empty: () => (has(`${g.words}.empty`) ? t(`${g.words}.empty`) : t("list.empty")),
  };
}

/**
 * What a person calls a record: what the feature's `rowName` says, else its name or title when it has one (a
 * heading reads "Bangkok DC", not "#12").
 */
export function recordName(row: Record<string, unknown> | undefined, overrides: Overrides = {}): string | undefined {
  if (!row) return undefined;
  const name = overrides.rowName ? overrides.rowName(row) : (row.name ?? row.title);
  return typeof name === "string" && name.trim() ? name : undefined;
}
