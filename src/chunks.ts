import { chunk } from "./components/kit/chunk";
import { loadAllStrings } from "./providers/i18n";

/**
 * The signed-in app's own chunks: main.tsx loads them ahead on a signed-in load, App and RefineRoot render them.
 * Refine, the resource registry, the shell and the strings of every screen load only once signed in.
 */
export const RefineRoot = chunk(() => Promise.all([import("./RefineRoot"), loadAllStrings()]).then(([m]) => m));
export const Shell = chunk(() => import("./components/layout/Shell"));
