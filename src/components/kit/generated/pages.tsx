import type { Screen } from "../../../../contract/screens";
import { page, type Page } from "../page";

/** The pages of a generated screen: one per route its row names, each its own chunk (the kit's generated screens). */
export function generatedPages(s: Screen): Partial<Record<"list" | "create" | "edit" | "show", Page>> {
  const props = { screen: s.id };
  const out: Partial<Record<"list" | "create" | "edit" | "show", Page>> = {};
  if (s.routes.list) out.list = page(() => import("./GeneratedList").then((m) => m.GeneratedList), props);
  if (s.routes.show) out.show = page(() => import("./GeneratedShow").then((m) => m.GeneratedShow), props);
  if (s.routes.create) out.create = page(() => import("./GeneratedForm").then((m) => m.GeneratedForm), props);
  if (s.routes.edit) out.edit = page(() => import("./GeneratedForm").then((m) => m.GeneratedForm), props);
  return out;
}
