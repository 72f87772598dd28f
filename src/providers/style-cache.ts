/**
 * Ant Design's styles, kept from one page load to the next. Ant Design writes each component's CSS in the browser
 * on its first render (about a fifth of a signed-in reload's time). The signed-in app saves the styles on screen when
 * the page is left (components/layout/KeepStyles.tsx); the next load puts them back before anything renders, and Ant
 * Design finds them by its own record of which style belongs to which component and theme (the
 * `data-ant-cssinjs-cache-path` rule it reads for server-rendered pages), so it writes only what is new. A component
 * or theme the saved styles lack is written as before; another Ant Design version's styles never match (its version
 * is part of every style's key).
 */
export const STYLES_KEY = "antd-styles";

export interface SavedStyle {
  attrs: [string, string][];
  css: string;
}

/**
 * Puts the saved styles into the head, where Ant Design's own would go, if Ant Design has written none yet: it
 * reads its record once, at its first style, and styles put before its own later would also come before them in
 * the cascade (a sign-in page followed by the app in the same document keeps writing its own).
 */
export function restoreStyles(): void {
  if (document.head.querySelector("style[data-css-hash]")) return;
  let saved: SavedStyle[];
  try {
    saved = JSON.parse(localStorage.getItem(STYLES_KEY) ?? "[]") as SavedStyle[];
  } catch {
    return;
  }
  if (!Array.isArray(saved) || !saved.length) return;
  const styles = document.createDocumentFragment();
  for (const { attrs, css } of saved) {
    const style = document.createElement("style");
    for (const [name, value] of attrs) style.setAttribute(name, value);
    style.textContent = css;
    styles.append(style);
  }
  document.head.prepend(styles);
}
