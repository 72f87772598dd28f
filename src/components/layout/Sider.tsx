import { Drawer, Grid, Layout, Menu, type MenuProps } from "antd";
import { useThemedLayoutContext } from "@refinedev/antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useAuthContext } from "../../providers/session";
import type { NavItem } from "../../providers/session-store";
import { navIcon } from "./icons";
import { AppTitle } from "./AppTitle";

type MenuItem = Required<MenuProps>["items"][number];

/** Longest menu path that prefixes the current URL, so detail pages keep their item lit. */
function selectedKey(pathname: string, paths: string[]): string | undefined {
  return paths
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The menu is exactly the server's navConfig for this user, not Refine's resource list. */
export function Sider() {
  const { t } = useTranslation();
  const { navConfig, granted } = useAuthContext();
  const { siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen } = useThemedLayoutContext();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();

  const items = useMemo<MenuItem[]>(() => {
    const toItem = (item: NavItem): MenuItem =>
      item.children?.length
        ? { key: item.path, icon: navIcon(item.icon), label: t(item.title), children: item.children.map(toItem) }
        : { key: item.path, icon: navIcon(item.icon), label: t(item.title) };
    return navConfig.map((group) => ({
      type: "group" as const,
      key: group.subheader,
      label: t(group.subheader),
      children: group.items.map(toItem),
    }));
  }, [navConfig, t]);

  const selected = selectedKey(pathname, granted);
  const open = granted.filter((p) => selected && selected !== p && selected.startsWith(`${p}/`));

  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={open}
      onClick={({ key }) => {
        navigate(key);
        setMobileSiderOpen(false);
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );

  if (!screens.lg) {
    return (
      <Drawer open={mobileSiderOpen} onClose={() => setMobileSiderOpen(false)} placement="left" width={256} title={<AppTitle />}>
        {menu}
      </Drawer>
    );
  }

  return (
    <Layout.Sider
      collapsible
      collapsed={siderCollapsed}
      onCollapse={setSiderCollapsed}
      width={256}
      theme="light"
      style={{ borderInlineEnd: "1px solid rgba(5,5,5,0.06)", position: "sticky", top: 0, height: "100vh", overflow: "auto" }}
    >
      <div style={{ padding: "16px 24px" }}>
        <AppTitle collapsed={siderCollapsed} />
      </div>
      {menu}
    </Layout.Sider>
  );
}
