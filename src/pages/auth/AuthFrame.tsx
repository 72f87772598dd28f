import { Grid, theme } from "antd";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AppTitle } from "../../components/layout/AppTitle";
import { LanguageSelect } from "../../components/layout/LanguageSelect";
import { SettingsButton } from "../../components/settings/SettingsButton";
import { HEADER } from "../../providers/settings";

/**
 * The sign-in and sign-up frame: a top bar (the spec's "main" header heights) and a centred panel.
 * Plain elements on theme tokens rather than Card/Typography keep those out of the first load.
 */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  useEffect(() => {
    document.title = `${title} | ${t("app.name")}`;
  }, [title, t]);

  return (
    <div
      className="auth-frame"
      style={{
        minHeight: "100vh",
        background: token.colorBgLayout,
        color: token.colorText,
        fontFamily: token.fontFamily,
      }}
    >
      {/* Links take the theme's colour; antd's App (which styles them in the shell) is not loaded here. They are
          underlined: in the dark look the link colour is too close to the text's to tell a link by it (WCAG 1.4.1). */}
      <style>{`.auth-frame a{color:${token.colorLink};text-decoration:underline;text-underline-offset:2px}.auth-frame a:hover{color:${token.colorLinkHover}}`}</style>
      <header
        style={{
          height: screens.md ? HEADER.mainDesktop : HEADER.mobile,
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          gap: 12,
          padding: screens.md ? "0 40px" : "0 16px",
        }}
      >
        <AppTitle />
        <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
          <LanguageSelect />
          <SettingsButton />
        </span>
      </header>
      <main style={{ display: "flex", justifyContent: "center", padding: "24px 16px 48px" }}>
        <section
          style={{
            width: "100%",
            maxWidth: 440,
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG * 2,
            boxShadow: token.boxShadowTertiary,
            padding: screens.md ? 40 : 24,
          }}
        >
          <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorTextHeading }}>
            {title}
          </h1>
          {subtitle && <p style={{ margin: "8px 0 24px", color: token.colorTextSecondary }}>{subtitle}</p>}
          {children}
        </section>
      </main>
    </div>
  );
}

export function AuthFooter({ children }: { children: ReactNode }) {
  return <p style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>{children}</p>;
}
