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
 * icon); on a record's page, the menu items leading to its list, then the action.
 * Given to Refine as its global breadcrumb, so every CRUD page header shows this one.
 */
export function ShellBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { navConfig, granted } = useAuthContext();
  const { resource, action } = useResourceParams();
  const list = typeof resource?.list === "string" ? resource.list : undefined;
  // A record's page sits under its list: the trail is the list's menu chain, then the action
  // (never the section and the list under the same name twice).
  const record = !!list && !!action && action !== "list" && list !== pathname;
  const items = navChain(navConfig, selectedKey(record ? list : pathname, granted));
  const trail = items.map((item, index) => ({
    key: item.path,
    title: (
      <Link to={item.path} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
        {index === 0 && navIcon(item.icon)}
        <span>{t(item.title)}</span>
      </Link>
    ),
  }));
  if (record && items[items.length - 1]?.path !== list) {
    const label = (resource?.meta as Partial<ResourceMeta> | undefined)?.label;
    if (label) trail.push({ key: list, title: <Link to={list}>{t(label)}</Link> });
  }
  if (record) trail.push({ key: pathname, title: <span>{t(`routes.actions.${action}`)}</span> });
  if (trail.length === 0) return null;
  return <Breadcrumb items={trail} style={{ marginBottom: 8 }} />;
}
