import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { matchPath, useLocation } from "react-router";
import { routeTable } from "../../resources";
import { documentTitle } from "./documentTitle";

// Static paths first, so `/supplier/product/newproduct` is not read as the product with id "newproduct".
const params = (path: string) => path.split(":").length;
const PAGES = routeTable()
  .filter((e) => e.action !== "redirect")
  .sort((a, b) => params(a.path) - params(b.path));

/**
 * Keeps the browser tab's title on the current screen, in the UI language, from the route table.
 * (Refine's handler passes a label already looked up under its own keys, and does not follow a
 * language change.)
 */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const match = PAGES.map((e) => ({ e, m: matchPath(e.path, pathname) })).find((x) => x.m);
    document.title = documentTitle(t, match?.e.resource, match?.e.action, match?.m?.params.id);
  }, [pathname, i18n.resolvedLanguage, t]);
  return null;
}
