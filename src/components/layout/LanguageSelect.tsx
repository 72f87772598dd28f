import { DownOutlined, GlobalOutlined } from "@ant-design/icons";
import { theme } from "antd";
import { useTranslation } from "react-i18next";
import { LANGUAGES, langTag } from "../../providers/languages";

/**
 * The sign-in pages' language picker: a native select dressed as a button. It is not an input
 * (the form's first field stays the username) and needs no Dropdown/Menu code in the first load.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const current = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  return (
    <span
      style={{
        position: "relative",
        display: "inline-flex",
        alignItems: "center",
        gap: 8,
        height: token.controlHeight,
        padding: `0 ${token.paddingSM}px`,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        color: token.colorText,
      }}
    >
      <GlobalOutlined />
      <span>{current.label}</span>
      <DownOutlined style={{ fontSize: 10 }} />
      <select
        aria-label={t("header.language")}
        value={current.code}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        style={{ position: "absolute", inset: 0, opacity: 0, cursor: "pointer", width: "100%", font: "inherit" }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={langTag(l.code)}>
            {l.label}
          </option>
        ))}
      </select>
    </span>
  );
}
