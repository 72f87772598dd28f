import { SCREENS, type ScreenAction } from "../../contract/screens";
import type { ResourceModule } from "./types";

/**
 * A domain's verbs as `useCustom` / `useCustomMutation` parameters: the data provider resolves
 * `meta.action` through the resource's endpoint map, so the path is written once, in the map.
 */
export function callsOf<Action extends string = string>(module: ResourceModule) {
  const pathOf = (action: string) => {
    const ep = module.endpoints.actions?.[action];
    if (!ep) throw new Error(`${module.name}: no action "${action}"`);
    return ep.path;
  };
  return {
    readCall: (action: Action, query: Record<string, unknown> = {}) => ({
      url: pathOf(action),
      method: "get" as const,
      config: { query },
      meta: { resource: module.name, action },
    }),
    writeCall: (action: Action) => ({
      url: pathOf(action),
      method: "post" as const,
      meta: { resource: module.name, action },
    }),
  };
}

/** A screen's route from the table of screens, with `:id` filled in: links never retype a path. */
export function screenPath(screenId: string, action: ScreenAction, id?: string | number): string {
  const route = SCREENS.find((s) => s.id === screenId)?.routes[action];
  if (!route) throw new Error(`No ${action} route for screen "${screenId}"`);
  if (route.includes(":id") && id === undefined) throw new Error(`${screenId} ${action} needs an id`);
  return id === undefined ? route : route.replace(":id", encodeURIComponent(String(id)));
}
