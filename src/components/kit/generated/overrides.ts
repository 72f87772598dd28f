/**
 * What a generated screen takes from its feature when the declaration is not enough: a field's cell or input,
 * more columns, more actions on a row, more buttons on the list. They live beside the resource, in
 * `src/features/<feature>/generated.tsx`, which exports `overrides` (screen id → its overrides); the screen's
 * pages load that file with their own chunk. A screen that needs a whole page of its own is not a generated one.
 */
import type { ComponentType, ReactNode } from "react";
import type { FormRule } from "antd";
import type { Body, Path, RowOf } from "../../../api";
import type { REST_RESOURCES } from "../../../api/resources";

export type RestName = keyof typeof REST_RESOURCES;

type Row<R extends RestName> = `/api/v2/${R}` extends Path ? RowOf<`/api/v2/${R}`> : Record<string, unknown>;
/** A body type, or nothing to add when the resource takes no such write. */
type Or<B> = [B] extends [never] ? unknown : B;
type Writes<R extends RestName> = Or<`/api/v2/${R}` extends Path ? Body<`/api/v2/${R}`> : never> &
  Or<`/api/v2/${R}/{id}` extends Path ? Body<`/api/v2/${R}/{id}`, "patch"> : never>;

export interface Overrides<T extends object = Record<string, unknown>, W extends object = Record<string, unknown>> {
  /** A field's cell, on the list and on the record page (`refresh` reads the rows again after a change). */
  cells?: { [F in keyof T]?: (value: T[F], row: T, refresh: () => void) => ReactNode };
  /** A field's input in the form: an antd form control (it gets `value`, `onChange` and `id`). */
  inputs?: { [F in keyof W]?: ComponentType<{ value?: W[F]; onChange?(value: W[F]): void; id?: string }> };
  /** More checks of a field in the form, after the ones its schema gives (e.g. the parts of an overridden input). */
  rules?: { [F in keyof W]?: FormRule[] };
  /** What a row is called where a control names it (its selection box); default its `name`, else its id. */
  rowName?: (row: T) => string;
  /** Fields the list leaves out (still on the record page, in the form and in the export). */
  hide?: (keyof T)[];
  /** Columns after the fields: `title` is a locale key (checked in the five languages like the fields). */
  columns?: { key: string; title: string; render(row: T): ReactNode }[];
  /** More buttons in each row's actions, before view, edit and delete. */
  actions?: ComponentType<{ row: T; refresh(): void }>;
  /** More buttons in the list's header, before export and create. */
  listButtons?: ComponentType<{ refresh(): void }>;
}

/** A screen's overrides, typed from the resource's rows and write bodies in the API document. */
export const overridesOf = <R extends RestName>(_resource: R, o: Overrides<Row<R> & object, Writes<R> & object>) =>
  o as unknown as Overrides;

export type ScreenOverrides = Record<string, Overrides>;

/** Every feature's `generated.tsx`, loaded on demand by the screen that uses it. */
const FILES = import.meta.glob<ScreenOverrides>("../../../features/*/generated.tsx", { import: "overrides" });

/** The overrides a screen of `feature` declares (none: an empty set). */
export async function loadOverrides(feature: string, screen: string): Promise<Overrides> {
  const load = FILES[`../../../features/${feature}/generated.tsx`];
  return load ? ((await load())[screen] ?? {}) : {};
}
