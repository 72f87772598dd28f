import type { ResourceProps } from "@refinedev/core";
import { grantOf, SCREENS, type Screen } from "../../contract/screens";
import type { ResourceMeta } from "./types";

export type ResourceDecl = ResourceProps & { meta: ResourceMeta };

/** A row of the table of screens as a Refine resource: its routes, access rule and endpoints. */
export function toResource(s: Screen): ResourceDecl {
  return {
    name: s.name,
    identifier: s.id,
    ...s.routes,
    meta: {
      label: s.label,
      area: s.area,
      menuPath: grantOf(s),
      endpoints: [...s.endpoints],
      built: s.built,
      feature: s.feature,
      ...(s.icon ? { icon: s.icon } : {}),
      ...(s.root ? { root: s.root } : {}),
      ...(s.everyone ? { everyone: true } : {}),
      ...(s.generated ? { generated: s.generated.resource } : {}),
    },
  };
}

/** The resources of one domain, from the table of screens. */
export const screensOf = (feature: string): ResourceDecl[] =>
  SCREENS.filter((s) => s.feature === feature).map(toResource);
