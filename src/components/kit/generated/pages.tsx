import type { ComponentType } from "react";
import type { Screen } from "../../../../contract/screens";
import { page, type Page } from "../page";
import { loadOverrides, type Overrides } from "./overrides";

type Action = "list" | "create" | "edit" | "show";
type Props = { screen: string; id?: string; overrides?: Overrides };

/**
 * The pages of a generated screen: one per route its row names, each its own chunk (the kit's generated screens),
 * loaded with the overrides its feature declares (overrides.ts).
 */
export function generatedPages(s: Screen): Partial<Record<Action, Page>> {
  const withOverrides = <P extends Props>(load: () => Promise<ComponentType<P>>) =>
    page<P>(
      async () => {
        const [Screen, overrides] = await Promise.all([load(), loadOverrides(s.feature, s.id)]);
        return function WithOverrides(props: P) {
          return <Screen {...props} overrides={overrides} />;
        };
      },
      { screen: s.id } as Omit<P, "id">,
    );
  const out: Partial<Record<Action, Page>> = {};
  if (s.routes.list) out.list = withOverrides(() => import("./GeneratedList").then((m) => m.GeneratedList));
  if (s.routes.show) out.show = withOverrides(() => import("./GeneratedShow").then((m) => m.GeneratedShow));
  if (s.routes.create) out.create = withOverrides(() => import("./GeneratedForm").then((m) => m.GeneratedForm));
  if (s.routes.edit) out.edit = withOverrides(() => import("./GeneratedForm").then((m) => m.GeneratedForm));
  return out;
}
