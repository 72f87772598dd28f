import { Divider, Drawer, Layout, Menu, theme, type MenuProps } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useAuthContext } from "../../providers/session";
import type { NavGroup, NavItem } from "../../providers/session-store";
import { NAV_MINI_WIDTH, NAV_WIDTH } from "../../providers/settings";
import { AppTitle } from "./AppTitle";
import { navIcon } from "./icons";
import { selectedKey } from "./nav";

type MenuItem = Required<MenuProps>["items"][number];
export type NavMode = "vertical" | "mini" | "horizontal";

/**
 * The menu is exactly the server's navConfig for this user, not Refine's resource list. Vertical
 * shows the groups with their titles; mini and horizontal have no room for group titles.
 */
export function NavMenu({ mode, onNavigate }: { mode: NavMode; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { navConfig, granted } = useAuthContext();
  const { pathname } = useLocation();

  const items = useMemo<MenuItem[]>(() => {
    const toItem = (item: NavItem): MenuItem =>
      item.children?.length
        ? { key: item.path, icon: navIcon(item.icon), label: t(item.title), children: item.children.map(toItem) }
        : // A real link: middle-click and "open in new tab" work; a plain click stays in the app.
          {
            key: item.path,
            icon: navIcon(item.icon),
            label: (
              <Link to={item.path} onClick={onNavigate}>
                {t(item.title)}
              </Link>
            ),
          };
    if (mode === "vertical") {
      return navConfig.map((group: NavGroup) => ({
        type: "group" as const,
        key: group.subheader,
        label: t(group.subheader),
        children: group.items.map(toItem),
      }));
    }
    return navConfig.flatMap((group, index) => [
      ...(index > 0 && mode === "mini" ? [{ type: "divider" as const, key: `divider-${group.subheader}` }] : []),
      ...group.items.map(toItem),
    ]);
  }, [navConfig, t, mode, onNavigate]);

  const selected = selectedKey(pathname, granted);
  const open = granted.filter((p) => selected && selected !== p && selected.startsWith(`${p}/`));

  return (
    // The navigation landmark: screen readers list it beside the header and the main content.
    <nav aria-label={t("header.mainMenu")} style={{ flex: 1, minWidth: 0 }}>
      <Menu
        mode={mode === "horizontal" ? "horizontal" : "inline"}
        inlineCollapsed={mode === "mini" ? true : undefined}
        items={items}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={mode === "vertical" ? open : undefined}
        style={{ borderInlineEnd: 0, borderBottom: 0, background: "transparent", minWidth: 0 }}
      />
    </nav>
  );
}

/** Desktop side navigation: 280 px with labels, or 88 px with icons only (labels in tooltips). */
export function Sider({ mini, settled }: { mini: boolean; settled: boolean }) {
  const { token } = theme.useToken();
  return (
    <Layout.Sider
      width={NAV_WIDTH}
      collapsedWidth={NAV_MINI_WIDTH}
      collapsed={mini}
      trigger={null}
      data-testid="sider"
      style={{ background: token.colorBgContainer, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
    >
      {/* The column spans the page; its content stays in view while the page scrolls. */}
      <div style={{ position: "sticky", top: 0, maxHeight: "100vh", overflowY: "auto" }}>
        <div
          style={{
            padding: mini ? "24px 0" : "24px 28px",
            display: "flex",
            justifyContent: mini ? "center" : "flex-start",
          }}
        >
          <AppTitle collapsed={mini} />
        </div>
        {mini && <Divider style={{ margin: "0 0 8px" }} />}
        {settled && <NavMenu mode={mini ? "mini" : "vertical"} />}
      </div>
    </Layout.Sider>
  );
}

/** Small screens: the menu slides in from the reading side. */
export function MobileNav({ open, onClose, rtl }: { open: boolean; onClose: () => void; rtl: boolean }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={rtl ? "right" : "left"}
      width={NAV_WIDTH}
      title={<AppTitle />}
      styles={{ body: { padding: 8 } }}
    >
      <NavMenu mode="vertical" onNavigate={onClose} />
    </Drawer>
  );
}
