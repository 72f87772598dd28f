import { ShopTwoTone } from "@ant-design/icons";
import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";

export function AppTitle({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Space align="center">
      <ShopTwoTone style={{ fontSize: 22 }} />
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: 16 }}>
          {t("app.name")}
        </Typography.Text>
      )}
    </Space>
  );
}
