import type { BaseRecord } from "@refinedev/core";
import { SCREENS, type ScreenAction } from "../../contract/screens";
import type { Answer, Body, Path, Query, Upload } from "../api";
import type { ActionEndpoint, ResourceEndpoints } from "./types";

type ActionsOf<M extends ResourceEndpoints> = NonNullable<M["endpoints"]["actions"]>;
/** A verb's name in a module's endpoint map. */
export type ActionOf<M extends ResourceEndpoints> = keyof ActionsOf<M> & string;
type EndpointOf<M extends ResourceEndpoints, A> = A extends keyof ActionsOf<M> ? ActionsOf<M>[A] : ActionEndpoint;
type Loose = Record<string, unknown>;

/** The query a GET verb takes, from the document (anything for a path it does not have). */
export type ActionQuery<M extends ResourceEndpoints, A> =
  EndpointOf<M, A> extends ActionEndpoint<infer P> ? (P extends Path ? Query<P> : Loose) : Loose;
/** The JSON body a POST verb takes, from the document, or a FormData where it takes an upload. */
export type ActionBody<M extends ResourceEndpoints, A> =
  EndpointOf<M, A> extends ActionEndpoint<infer P>
    ? P extends Path
      ? Body<P> | Upload<P>
      : Loose | FormData
    : Loose | FormData;
/** What a verb answers, from the document; for a path it does not have, a record of unknown fields (Refine's). */
export type ActionAnswer<M extends ResourceEndpoints, A> =
  EndpointOf<M, A> extends ActionEndpoint<infer P, infer V>
    ? P extends Path
      ? Answer<P, V extends "GET" ? "get" : "post">
      : BaseRecord
    : BaseRecord;

/**
 * A domain's verbs as `useCustom` / `useCustomMutation` parameters: the data provider resolves
 * `meta.action` through the resource's endpoint map, so the path is written once, in the map. A module
 * declared with `satisfies ResourceEndpoints` keeps its paths' literal types, so a read's query and a
 * write's values are checked against the OpenAPI document (src/api).
 */
export function callsOf<M extends ResourceEndpoints>(module: M) {
  const pathOf = (action: string) => {
    const ep = module.endpoints.actions?.[action];
    if (!ep) throw new Error(`${module.name}: no action "${action}"`);
    return ep.path;
  };
  const base = (action: string) => ({
    url: pathOf(action),
    method: "post" as const,
    meta: { resource: module.name, action },
  });
  /** With `values`, the call carries its body, checked against the document. */
  function writeCall<A extends ActionOf<M>>(action: A): ReturnType<typeof base>;
  function writeCall<A extends ActionOf<M>>(
    action: A,
    values: ActionBody<M, A>,
  ): ReturnType<typeof base> & { values: Loose };
  function writeCall(action: string, values?: unknown) {
    return values === undefined ? base(action) : { ...base(action), values: values as Loose };
  }
  return {
    readCall: <A extends ActionOf<M>>(action: A, query?: ActionQuery<M, A>) => ({
      url: pathOf(action),
      method: "get" as const,
      config: { query: query ?? {} },
      meta: { resource: module.name, action },
    }),
    writeCall,
  };
}

/** A screen's route from the table of screens, with `:id` filled in: links never retype a path. */
export function screenPath(screenId: string, action: ScreenAction, id?: string | number): string {
  const route = SCREENS.find((s) => s.id === screenId)?.routes[action];
  if (!route) throw new Error(`No ${action} route for screen "${screenId}"`);
  if (route.includes(":id") && id === undefined) throw new Error(`${screenId} ${action} needs an id`);
  return id === undefined ? route : route.replace(":id", encodeURIComponent(String(id)));
}
