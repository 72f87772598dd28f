import type { ResourceProps } from "@refinedev/core";
import type { Area, ResourceMeta } from "./types";

export type ResourceDecl = ResourceProps & { meta: ResourceMeta };

interface ScreenDecl {
  identifier: string;
  /** Refine name; admin and supplier twins share it. */
  name: string;
  area: Area;
  menuPath: string;
  /** i18n key of the screen's title. */
  label: string;
  list?: string;
  create?: string;
  edit?: string;
  show?: string;
  endpoints: string[];
  built?: boolean;
  icon?: string;
  /** A section path below the menu path that opens this screen's list (e.g. `/admin/housebrand/blog`). */
  root?: string;
}

/** One screen of the route table, with the access rule and the legacy endpoints it calls. */
export function screen(decl: ScreenDecl): ResourceDecl {
  const { identifier, name, area, menuPath, label, list, create, edit, show, endpoints, built = false, icon, root } = decl;
  return {
    name,
    identifier,
    list,
    create,
    edit,
    show,
    meta: { label, area, menuPath, endpoints, built, ...(icon ? { icon } : {}), ...(root ? { root } : {}) },
  };
}
