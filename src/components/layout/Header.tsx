import {
  DownOutlined,
  IdcardOutlined,
  LogoutOutlined,
  MenuOutlined,
  SearchOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { useGo, useLogout } from "@refinedev/core";
import { useKBar } from "@refinedev/kbar";
import { Avatar, Button, Dropdown, Layout, Space, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useAuthContext } from "../../providers/session";
import { isSupplier } from "../../providers/session-store";
import { screenPath } from "../../resources/calls";
import { HEADER } from "../../providers/settings";
import { SettingsButton } from "../settings/SettingsButton";
import { AppTitle } from "./AppTitle";
import { LanguagePicker } from "./LanguagePicker";
// The one domain piece of the shell: every signed-in user's notifications.
import { NotificationBell } from "../../features/notifications/Bell";

/** Ctrl on most keyboards, ⌘ on Apple ones. */
const MOD_KEY = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl";

export function Header({
  mobile,
  showTitle,
  settled,
  onOpenNav,
}: {
  mobile: boolean;
  showTitle: boolean;
  settled: boolean;
  onOpenNav: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { user } = useAuthContext();
  const { mutate: logout } = useLogout();
  const go = useGo();
  const { query } = useKBar();
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username : "";

  return (
    <Layout.Header
      data-testid="header"
      style={{
        background: token.colorBgLayout,
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        gap: 12,
        padding: mobile ? "0 16px" : "0 40px",
        height: mobile ? HEADER.mobile : HEADER.dashboardDesktop,
        lineHeight: "normal",
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      <Space size="middle">
        {mobile && <Button type="text" icon={<MenuOutlined />} aria-label={t("header.openMenu")} onClick={onOpenNav} />}
        {showTitle && <AppTitle collapsed={mobile} />}
        <Button
          icon={<SearchOutlined />}
          onClick={query.toggle}
          // A name that holds what the button shows (WCAG 2.5.3): the words where they show, else "Open search".
          aria-label={mobile ? t("palette.open") : undefined}
          aria-keyshortcuts={MOD_KEY === "⌘" ? "Meta+K" : "Control+K"}
          style={{ color: token.colorTextSecondary }}
        >
          {!mobile && (
            <>
              {t("palette.search")}
              <kbd
                style={{
                  marginInlineStart: 12,
                  fontFamily: "inherit",
                  fontSize: 11,
                  padding: "0 6px",
                  borderRadius: 4,
                  background: token.colorFillSecondary,
                }}
              >
                {MOD_KEY}+K
              </kbd>
            </>
          )}
        </Button>
      </Space>
      <Space size={mobile ? "small" : "middle"}>
        {settled ? <NotificationBell /> : <span style={{ display: "inline-block", width: 32 }} />}
        <LanguagePicker compact={mobile} />
        <SettingsButton />
        <Dropdown
          trigger={["click"]}
          menu={{
            items: [
              {
                key: "role",
                label: t(`roles.${user?.role?.toLowerCase() ?? "unknown"}`, user?.roleName ?? user?.role ?? ""),
                disabled: true,
              },
              { type: "divider" },
              { key: "account", icon: <IdcardOutlined />, label: t("header.myAccount") },
              { key: "logout", icon: <LogoutOutlined />, label: t("header.logout"), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === "logout") logout();
              // The own account of the user's area.
              if (key === "account")
                go({ to: screenPath(isSupplier(user?.role) ? "supplier-account" : "account", "list") });
            },
          }}
        >
          <Button
            type="text"
            aria-label={mobile ? t("header.userMenu") : `${name} — ${t("header.userMenu")}`}
            style={{ height: 48 }}
          >
            <Space>
              <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
              {!mobile && <span>{name}</span>}
              <DownOutlined style={{ fontSize: 10 }} />
            </Space>
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
