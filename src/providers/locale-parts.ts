/**
 * A language's strings come in two parts: `common` (all the sign-in pages need) and `rest` (every other namespace).
 * The build bundles them by this rule (build/locale-bundles.ts) and the app asks for a namespace's part by it.
 */
export const PARTS = ["common", "rest"] as const;
export type Part = (typeof PARTS)[number];
export const partOf = (ns: string): Part => (ns === "common" ? "common" : "rest");
