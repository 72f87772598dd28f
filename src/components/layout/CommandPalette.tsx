import { GlobalOutlined, LogoutOutlined, MoonOutlined, SettingOutlined, SunOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import {
  KBarAnimator,
  KBarPortal,
  KBarPositioner,
  KBarResults,
  useRegisterActions,
  type Action,
} from "@refinedev/kbar";
import { theme } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LANGUAGES } from "../../providers/languages";
import { useAuthContext } from "../../providers/session";
import { navLeaves } from "../../providers/session-store";
import { useSettings } from "../../providers/settings-context";
import { resources, routeTable } from "../../resources";
import { navIcon } from "./icons";
import { usePaletteMatches } from "./paletteMatches";
import { PaletteSearch } from "./PaletteSearch";

/** Paths that lead to a built screen (directly or through a section redirect). */
const OPENABLE = new Set(
  routeTable(resources)
    .filter((e) => e.resource.meta.built)
    .map((e) => e.path),
);

/** Screens from the user's own menu (and only those) plus shell actions. */
function usePaletteActions(): Action[] {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { navConfig } = useAuthContext();
  const { themeMode, update, setDrawerOpen } = useSettings();
  const { mutate: logout } = useLogout();
  const language = i18n.resolvedLanguage;

  return useMemo(() => {
    const screens: Action[] = navLeaves(navConfig)
      .filter(({ item }) => OPENABLE.has(item.path))
      .map(({ group, item, icon }) => ({
        id: `screen:${item.path}`,
        name: t(item.title),
        subtitle: item.path,
        keywords: item.path.replaceAll("/", " "),
        section: t(group.subheader),
        icon: navIcon(icon),
        perform: () => navigate(item.path),
      }));
    const dark = themeMode === "dark";
    const section = t("palette.actions");
    return [
      ...screens,
      {
        id: "mode",
        name: t(dark ? "palette.lightMode" : "palette.darkMode"),
        section,
        icon: dark ? <SunOutlined /> : <MoonOutlined />,
        perform: () => update("themeMode", dark ? "light" : "dark"),
      },
      { id: "language", name: t("palette.language"), section, icon: <GlobalOutlined /> },
      ...LANGUAGES.filter((l) => l.code !== language).map((l) => ({
        id: `language:${l.code}`,
        name: l.label,
        parent: "language",
        perform: () => void i18n.changeLanguage(l.code),
      })),
      {
        id: "settings",
        name: t("palette.settings"),
        section,
        icon: <SettingOutlined />,
        perform: () => setDrawerOpen(true),
      },
      { id: "logout", name: t("header.logout"), section, icon: <LogoutOutlined />, perform: () => logout() },
    ];
  }, [navConfig, t, i18n, language, navigate, themeMode, update, setDrawerOpen, logout]);
}

function Results() {
  const { token } = theme.useToken();
  const results = usePaletteMatches();
  return (
    <KBarResults
      items={results}
      maxHeight={420}
      onRender={({ item, active }) =>
        typeof item === "string" ? (
          <div
            style={{
              padding: "10px 16px 4px",
              fontSize: 11,
              fontWeight: 600,
              textTransform: "uppercase",
              color: token.colorTextTertiary,
            }}
          >
            {item}
          </div>
        ) : (
          <div
            style={{
              display: "flex",
              alignItems: "center",
              gap: 12,
              padding: "10px 16px",
              cursor: "pointer",
              background: active ? token.controlItemBgActive : "transparent",
              borderInlineStart: `3px solid ${active ? token.colorPrimary : "transparent"}`,
              color: token.colorText,
            }}
          >
            <span
              style={{ width: 18, display: "inline-flex", justifyContent: "center", color: token.colorTextSecondary }}
            >
              {item.icon}
            </span>
            <span style={{ flex: 1 }}>{item.name}</span>
            {item.subtitle && <span style={{ fontSize: 12, color: token.colorTextTertiary }}>{item.subtitle}</span>}
          </div>
        )
      }
    />
  );
}

/** The Ctrl/Cmd+K palette; KBarProvider (in the shell) owns the shortcut. */
export function CommandPalette() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const actions = usePaletteActions();
  useRegisterActions(actions, [actions]);
  return (
    <KBarPortal>
      <KBarPositioner style={{ zIndex: 1100, background: token.colorBgMask, padding: "14vh 16px 16px" }}>
        <KBarAnimator
          style={{
            width: 600,
            maxWidth: "100%",
            background: token.colorBgElevated,
            color: token.colorText,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadow,
            overflow: "hidden",
            fontFamily: token.fontFamily,
          }}
        >
          <PaletteSearch
            placeholder={t("palette.placeholder")}
            style={{
              width: "100%",
              boxSizing: "border-box",
              padding: "16px 20px",
              fontSize: 16,
              border: "none",
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
              outline: "none",
              background: "transparent",
              color: token.colorText,
            }}
          />
          <Results />
        </KBarAnimator>
      </KBarPositioner>
    </KBarPortal>
  );
}
