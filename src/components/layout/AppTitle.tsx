import { theme } from "antd";
import { useTranslation } from "react-i18next";
import { Logo } from "./Logo";

/** Logo and name; plain elements, so the sign-in pages need no Typography chunk. */
export function AppTitle({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 10, color: token.colorText }}>
      <Logo color={token.colorPrimary} />
      {!collapsed && <span style={{ fontSize: 16, fontWeight: 700, whiteSpace: "nowrap" }}>{t("app.name")}</span>}
    </span>
  );
}
