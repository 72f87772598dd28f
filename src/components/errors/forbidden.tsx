import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

export default function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t("errors.forbidden")}
      extra={
        <Button type="primary" onClick={() => navigate("/")}>
          {t("errors.backHome")}
        </Button>
      }
    />
  );
}
