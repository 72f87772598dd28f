import { StyleContext } from "@ant-design/cssinjs";
import { useContext, useEffect } from "react";
import { STYLES_KEY, type SavedStyle } from "../../providers/style-cache";

/** The attribute and rule through which Ant Design reads which component style a saved `<style>` holds. */
const MAP = "data-ant-cssinjs-cache-path";

type StyleCache = (typeof StyleContext extends React.Context<infer C> ? C : never)["cache"];

/**
 * The styles on screen with Ant Design's record of which component and theme each belongs to, for the next load
 * (providers/style-cache.ts). Its cache keys are `style%<theme>%<component path>` → [uses, [css, theme, style id, …]]
 * (what its own `extractStyle` reads; this takes the `<style>` elements it already wrote instead of writing them
 * again, and a cache entry is dropped with the last component that used it).
 */
export function saveStyles(cache: StyleCache): void {
  const paths: string[] = [];
  const ids = new Set<string>();
  for (const [key, [, value]] of cache.cache) {
    if (!key.startsWith("style%") || !Array.isArray(value) || typeof value[2] !== "string") continue;
    paths.push(`${key.slice("style%".length).replaceAll("%", "|")}:${value[2]}`);
    ids.add(value[2]);
  }
  if (!paths.length) return;
  const saved: SavedStyle[] = [...document.head.querySelectorAll<HTMLStyleElement>("style[data-css-hash]")]
    .filter((style) => ids.has(style.dataset.cssHash!) || style.dataset.cssHash!.startsWith("_effect-"))
    .map((style) => ({
      attrs: [...style.attributes].map((a) => [a.name, a.value] as [string, string]),
      css: style.textContent ?? "",
    }));
  saved.push({ attrs: [[MAP, MAP]], css: `.${MAP}{content:"${paths.join(";")}";}` });
  try {
    localStorage.setItem(STYLES_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the next load writes its styles itself.
  }
}

/**
 * Saves Ant Design's styles whenever the page is hidden: another tab, and also a reload or a closed tab, since
 * leaving a page hides it before `pagehide` (listening to both wrote the same ~0.5 MB twice on the way out).
 */
export function KeepStyles() {
  const { cache } = useContext(StyleContext);
  useEffect(() => {
    const hidden = () => document.visibilityState === "hidden" && saveStyles(cache);
    document.addEventListener("visibilitychange", hidden);
    return () => document.removeEventListener("visibilitychange", hidden);
  }, [cache]);
  return null;
}
