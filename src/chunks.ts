import { chunk } from "./components/kit/chunk";
import { loadAllStrings } from "./providers/i18n";

/**
 * The signed-in app's own chunk: main.tsx loads it ahead on a signed-in load, App renders it. Refine, the resource
 * registry, the shell (components/layout/chunk.ts) and the strings of every screen load only once signed in.
 */
export const RefineRoot = chunk(() => Promise.all([import("./RefineRoot"), loadAllStrings()]).then(([m]) => m));
