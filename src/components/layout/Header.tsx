import { DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from "@ant-design/icons";
import { useThemedLayoutContext } from "@refinedev/antd";
import { useLogout } from "@refinedev/core";
import { Avatar, Button, Dropdown, Grid, Layout, Space, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useAuthContext } from "../../providers/session";
import { LanguagePicker } from "./LanguagePicker";

export function Header() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { user } = useAuthContext();
  const { mutate: logout } = useLogout();
  const { setMobileSiderOpen } = useThemedLayoutContext();
  const screens = Grid.useBreakpoint();
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username : "";

  return (
    <Layout.Header
      style={{
        background: token.colorBgElevated,
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        padding: "0 24px",
        height: 64,
        position: "sticky",
        top: 0,
        zIndex: 10,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div>
        {!screens.lg && (
          <Button type="text" icon={<MenuOutlined />} aria-label={t("header.openMenu")} onClick={() => setMobileSiderOpen(true)} />
        )}
      </div>
      <Space size="middle">
        <LanguagePicker />
        <Dropdown
          trigger={["click"]}
          menu={{
            items: [
              { key: "role", label: t(`roles.${user?.role?.toLowerCase() ?? "unknown"}`, user?.role ?? ""), disabled: true },
              { type: "divider" },
              { key: "logout", icon: <LogoutOutlined />, label: t("header.logout"), danger: true },
            ],
            onClick: ({ key }) => key === "logout" && logout(),
          }}
        >
          <Button type="text" aria-label={t("header.userMenu")} style={{ height: 48 }}>
            <Space>
              <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
              <Typography.Text>{name}</Typography.Text>
              <DownOutlined style={{ fontSize: 10 }} />
            </Space>
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
