import { chunk } from "../kit/chunk";

/** The shell's own chunk: RefineRoot renders it, main.tsx loads it ahead on a signed-in load (beside src/chunks.ts). */
export const Shell = chunk(() => import("./Shell"));
