import { KBarProvider } from "@refinedev/kbar";
import { Grid, Layout, theme } from "antd";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { CONTENT_MAX_WIDTH, STRETCH_MIN_WIDTH } from "../../providers/settings";
import { useSettings } from "../../providers/settings-context";
import { useA11yRepairs } from "./a11yRepairs";
import { CommandPalette } from "./CommandPalette";
import { useConfirmFocus } from "./confirmFocus";
import { Header } from "./Header";
import { KeepStyles } from "./KeepStyles";
import { paletteOptions, usePaletteTypeAhead } from "./paletteTypeAhead";
import { ChunkPending, RouteProgress } from "./RouteProgress";
import { useSettled } from "./settled";
import { TagContrast } from "./TagContrast";
import { MobileNav, NavMenu, Sider } from "./Sider";
import "../kit/kit.css";

function useWindowWidth() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return width;
}

/**
 * The signed-in frame in the three layouts of the settings: vertical (280 px side menu), mini
 * (88 px, icons) and horizontal (menu under the header). Small screens get a drawer menu. In rtl
 * the side menu sits on the right, since the layout row follows the document direction.
 */
export default function Shell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { themeLayout, themeStretch, themeDirection, themeMode } = useSettings();
  const screens = Grid.useBreakpoint();
  const width = useWindowWidth();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  // A new page closes the drawer menu; the page last seen tells a change while rendering.
  const [page, setPage] = useState(pathname);
  if (page !== pathname) {
    setPage(pathname);
    setNavOpen(false);
  }
  const settled = useSettled();
  useA11yRepairs();
  useConfirmFocus();
  const mobile = !screens.lg;
  const horizontal = !mobile && themeLayout === "horizontal";
  const stretched = themeStretch && width > STRETCH_MIN_WIDTH;

  usePaletteTypeAhead();

  return (
    <KBarProvider options={paletteOptions}>
      {/* The first thing Tab reaches: past the header and the menu, to the screen (WCAG 2.4.1). */}
      <a
        href="#main-content"
        className="skip-link"
        style={{ background: token.colorBgElevated, color: token.colorText, boxShadow: token.boxShadowSecondary }}
        onClick={(e) => {
          e.preventDefault();
          document.getElementById("main-content")?.focus();
        }}
      >
        {t("header.skipToContent")}
      </a>
      <RouteProgress />
      <TagContrast dark={themeMode === "dark"} />
      <Layout style={{ minHeight: "100vh" }} data-layout={mobile ? "mobile" : themeLayout}>
        {!mobile && !horizontal && <Sider mini={themeLayout === "mini"} settled={settled} />}
        <Layout>
          <Header
            mobile={mobile}
            showTitle={mobile || horizontal}
            settled={settled}
            onOpenNav={() => setNavOpen(true)}
          />
          {horizontal && (
            <div
              data-testid="top-nav"
              style={{
                background: token.colorBgContainer,
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
                padding: "0 32px",
                display: "flex",
                position: "sticky",
                top: 92,
                zIndex: 9,
                // The menu's height before its items render (useSettled): nothing below moves when they come.
                boxSizing: "border-box",
                minHeight: 46,
              }}
            >
              {settled && <NavMenu mode="horizontal" />}
            </div>
          )}
          <Layout.Content
            id="main-content"
            tabIndex={-1}
            style={{
              outline: "none",
              width: "100%",
              maxWidth: stretched ? "none" : CONTENT_MAX_WIDTH,
              margin: "0 auto",
              padding: mobile ? "8px 12px 24px" : "8px 16px 40px",
            }}
          >
            <Suspense fallback={<ChunkPending />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
        {mobile && <MobileNav open={navOpen} onClose={() => setNavOpen(false)} rtl={themeDirection === "rtl"} />}
      </Layout>
      {settled && <CommandPalette />}
      {settled && <KeepStyles />}
    </KBarProvider>
  );
}
