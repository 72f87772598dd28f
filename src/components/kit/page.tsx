import type { CrudSort } from "@refinedev/core";
import type { ComponentType } from "react";
import { useParams } from "react-router";
import { chunk, type Chunk } from "./chunk";

/**
 * What a screen reads the moment it renders, so a reload can ask for it while the screen's code
 * still loads (src/preload.ts). Each read is sent exactly as the screen's own hook will send it: the
 * first identical request takes the answer over (providers/http.ts), nothing is fetched twice.
 */
export interface FirstReads {
  /** The table's page 1 as `useListTable` asks for it with nothing in the address. */
  list?: { resource: string; pageSize?: number; sorters?: CrudSort[] };
  /** Domain reads (`useCustom` with `meta.resource`/`meta.action`, no query). */
  actions?: { resource: string; action: string }[];
}

export type Page = Chunk & { reads?: FirstReads };

/**
 * A route's page: the screen component, loaded as its own chunk, with the route's `:id` (when it
 * has one) and fixed props. A new id remounts the screen, so no state leaks between records.
 */
export function page<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props: Omit<P, "id"> = {} as Omit<P, "id">,
  reads?: FirstReads,
): Page {
  const screen = chunk(async () => {
    // The route gives the `id` that `props` leaves out, when it has one.
    const Screen = (await load()) as ComponentType<Omit<P, "id"> & { id?: string }>;
    function RoutedScreen() {
      const { id } = useParams<{ id: string }>();
      return id === undefined ? <Screen {...props} /> : <Screen key={id} id={id} {...props} />;
    }
    return { default: RoutedScreen };
  });
  return Object.assign(screen, { reads });
}
