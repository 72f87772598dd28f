import { GlobalOutlined } from "@ant-design/icons";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../providers/languages";

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t("header.language")}
      value={i18n.resolvedLanguage ?? "en"}
      onChange={(lng) => void i18n.changeLanguage(lng)}
      options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
      suffixIcon={<GlobalOutlined />}
      style={{ minWidth: 130 }}
      popupMatchSelectWidth={false}
    />
  );
}
