import { useResourceParams } from "@refinedev/core";
import { Breadcrumb } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useAuthContext } from "../../providers/session";
import type { ResourceMeta } from "../../resources/types";
import { navIcon } from "./icons";
import { navChain, selectedKey } from "./nav";

/**
 * The trail above a page: the menu items leading to the screen (translated, with the menu's
 * icon), then the resource's list and the action when the page sits below the menu item.
 * Given to Refine as its global breadcrumb, so every CRUD page header shows this one.
 */
export function ShellBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { navConfig, granted } = useAuthContext();
  const { resource, action } = useResourceParams();
  const items = navChain(navConfig, selectedKey(pathname, granted));
  const trail = items.map((item, index) => ({
    key: item.path,
    title: (
      <Link to={item.path} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
        {index === 0 && navIcon(item.icon)}
        <span>{t(item.title)}</span>
      </Link>
    ),
  }));
  const last = items[items.length - 1];
  if (last && last.path !== pathname && resource && action && action !== "list") {
    const list = typeof resource.list === "string" ? resource.list : undefined;
    const label = (resource.meta as Partial<ResourceMeta> | undefined)?.label;
    if (list && list !== last.path && label) trail.push({ key: list, title: <Link to={list}>{t(label)}</Link> });
    trail.push({ key: pathname, title: <span>{t(`routes.actions.${action}`)}</span> });
  }
  if (trail.length === 0) return null;
  return <Breadcrumb items={trail} style={{ marginBottom: 8 }} />;
}
