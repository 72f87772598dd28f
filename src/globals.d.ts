/** Translation namespaces found in public/locales/en at build time (vite.config.ts). */
declare const __NAMESPACES__: string[];

/** command-score (kbar's own ranking) ships no types: a score above 0 means the text matches. */
declare module "command-score" {
  export default function commandScore(text: string, abbreviation: string): number;
}

/** Per language, the files of its `common` and other namespaces (build/locale-bundles.ts). */
declare module "virtual:locale-bundles" {
  export const urls: Record<string, { common: string; rest: string }>;
}
