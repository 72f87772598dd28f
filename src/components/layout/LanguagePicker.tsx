import { DownOutlined, GlobalOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { LANGUAGES, langTag } from "../../providers/languages";

/** A menu button, not a select: no text input, so the sign-in form's first field stays the username. */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [current.code],
        items: LANGUAGES.map((l) => ({ key: l.code, label: l.label, lang: langTag(l.code) })),
        onClick: ({ key }) => void i18n.changeLanguage(key),
      }}
    >
      <Button
        // The name starts with what the button shows (WCAG 2.5.3), then says what it picks.
        aria-label={compact ? t("header.language") : `${current.label} — ${t("header.language")}`}
        icon={<GlobalOutlined />}
      >
        {!compact && (
          <>
            {current.label} <DownOutlined style={{ fontSize: 10 }} />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
