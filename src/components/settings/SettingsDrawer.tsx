import {
  CloseOutlined,
  CompressOutlined,
  ExpandOutlined,
  InfoCircleOutlined,
  MoonOutlined,
  ReloadOutlined,
  SunOutlined,
} from "@ant-design/icons";
import { Button, Drawer, Flex, Segmented, Switch, Tooltip, theme } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DRAWER_WIDTH, PRESETS, type Settings, type ThemeLayout, type ThemePreset } from "../../providers/settings";
import { useSettings } from "../../providers/settings-context";
import { LanguagePicker } from "../layout/LanguagePicker";
import "./settings.css";

/** Fullscreen state that also follows the browser leaving fullscreen by itself (Esc). */
function useFullscreen() {
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  const toggle = () =>
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => {},
    );
  return { on, toggle };
}

function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section style={{ marginBottom: 24 }}>
      <Flex align="center" gap={6} style={{ marginBottom: 10 }}>
        <span style={{ fontSize: 12, fontWeight: 600, textTransform: "uppercase", color: token.colorTextSecondary }}>
          {title}
        </span>
        {extra}
      </Flex>
      {children}
    </section>
  );
}

/** Small drawings of each layout, so the choice reads without words. */
function LayoutPicture({ layout, active }: { layout: ThemeLayout; active: boolean }) {
  const { token } = theme.useToken();
  const fill = active ? token.colorPrimary : token.colorTextQuaternary;
  const soft = active ? token.colorPrimaryBg : token.colorFillSecondary;
  return (
    <svg width="56" height="40" viewBox="0 0 56 40" aria-hidden="true">
      {layout === "horizontal" ? (
        <>
          <rect x="4" y="4" width="48" height="6" rx="2" fill={fill} />
          <rect x="4" y="14" width="48" height="22" rx="2" fill={soft} />
        </>
      ) : (
        <>
          <rect x="4" y="4" width={layout === "mini" ? 6 : 14} height="32" rx="2" fill={fill} />
          <rect
            x={layout === "mini" ? 14 : 22}
            y="4"
            width={layout === "mini" ? 38 : 30}
            height="32"
            rx="2"
            fill={soft}
          />
        </>
      )}
    </svg>
  );
}

/** The settings drawer (spec §2): language, mode, contrast, direction, layout, stretch, presets, fullscreen. */
export default function SettingsDrawer() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const settings = useSettings();
  const { update, reset, changed, drawerOpen, setDrawerOpen } = settings;
  const fullscreen = useFullscreen();

  const segmented = <K extends keyof Settings>(
    key: K,
    options: { value: Settings[K] & string; label: ReactNode }[],
  ) => (
    <Segmented
      block
      value={settings[key] as string}
      options={options}
      onChange={(value) => update(key, value as Settings[K])}
      aria-label={t(`settings.${key}`)}
    />
  );

  return (
    <Drawer
      open={drawerOpen}
      rootClassName="settings-drawer"
      onClose={() => setDrawerOpen(false)}
      placement="right"
      width={DRAWER_WIDTH}
      closable={false}
      styles={{
        mask: { background: "transparent" },
        body: { padding: 20 },
        header: { padding: "12px 12px 12px 20px" },
      }}
      title={t("settings.title")}
      extra={
        <Flex gap={4}>
          <Tooltip title={t("settings.reset")}>
            <Button
              type="text"
              shape="circle"
              aria-label={t("settings.reset")}
              icon={<ReloadOutlined />}
              onClick={reset}
              disabled={!changed}
            />
          </Tooltip>
          <Tooltip title={t("settings.close")}>
            <Button
              type="text"
              shape="circle"
              aria-label={t("settings.close")}
              data-testid="settings-close"
              icon={<CloseOutlined />}
              onClick={() => setDrawerOpen(false)}
            />
          </Tooltip>
        </Flex>
      }
    >
      {/* The header's own control; the language is a personal choice, so the reset above leaves it. */}
      <Section title={t("settings.language")}>
        <Flex vertical gap={6}>
          <LanguagePicker />
          <span data-testid="language-kept" style={{ fontSize: 12, color: token.colorTextSecondary }}>
            {t("settings.languageKept")}
          </span>
        </Flex>
      </Section>
      <Section title={t("settings.themeMode")}>
        {segmented("themeMode", [
          {
            value: "light",
            label: (
              <span>
                <SunOutlined /> {t("settings.light")}
              </span>
            ),
          },
          {
            value: "dark",
            label: (
              <span>
                <MoonOutlined /> {t("settings.dark")}
              </span>
            ),
          },
        ])}
      </Section>
      <Section title={t("settings.themeContrast")}>
        {segmented("themeContrast", [
          { value: "default", label: t("settings.contrastDefault") },
          { value: "bold", label: t("settings.contrastBold") },
        ])}
      </Section>
      <Section title={t("settings.themeDirection")}>
        {segmented("themeDirection", [
          { value: "ltr", label: t("settings.ltr") },
          { value: "rtl", label: t("settings.rtl") },
        ])}
      </Section>
      <Section title={t("settings.themeLayout")}>
        <Flex gap={8} role="radiogroup" aria-label={t("settings.themeLayout")}>
          {(["vertical", "mini", "horizontal"] as const).map((layout) => {
            const active = settings.themeLayout === layout;
            return (
              <Tooltip key={layout} title={t(`settings.layouts.${layout}`)}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={active}
                  aria-label={t(`settings.layouts.${layout}`)}
                  data-layout={layout}
                  onClick={() => update("themeLayout", layout)}
                  style={{
                    flex: 1,
                    padding: 6,
                    cursor: "pointer",
                    borderRadius: token.borderRadius,
                    background: active ? token.colorPrimaryBg : token.colorBgContainer,
                    border: `1px solid ${active ? token.colorPrimary : token.colorBorder}`,
                  }}
                >
                  <LayoutPicture layout={layout} active={active} />
                </button>
              </Tooltip>
            );
          })}
        </Flex>
      </Section>
      <Section
        title={t("settings.themeStretch")}
        extra={
          <Tooltip title={t("settings.stretchHint")}>
            <InfoCircleOutlined aria-label={t("settings.stretchHint")} style={{ color: token.colorTextTertiary }} />
          </Tooltip>
        }
      >
        <Flex align="center" justify="space-between">
          <span>{t("settings.stretchLabel")}</span>
          <Switch
            checked={settings.themeStretch}
            onChange={(on) => update("themeStretch", on)}
            aria-label={t("settings.themeStretch")}
          />
        </Flex>
      </Section>
      <Section title={t("settings.themeColorPresets")}>
        <div
          role="radiogroup"
          aria-label={t("settings.themeColorPresets")}
          style={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: 8 }}
        >
          {(Object.keys(PRESETS) as ThemePreset[]).map((preset) => {
            const active = settings.themeColorPresets === preset;
            return (
              <Tooltip key={preset} title={t(`settings.presets.${preset}`)}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={active}
                  aria-label={t(`settings.presets.${preset}`)}
                  data-preset={preset}
                  onClick={() => update("themeColorPresets", preset)}
                  style={{
                    height: 48,
                    cursor: "pointer",
                    borderRadius: token.borderRadius,
                    background: active ? `${PRESETS[preset]}22` : token.colorBgContainer,
                    border: `1px solid ${active ? PRESETS[preset] : token.colorBorder}`,
                    display: "grid",
                    placeItems: "center",
                  }}
                >
                  <span
                    style={{
                      width: active ? 22 : 14,
                      height: active ? 22 : 14,
                      borderRadius: "50%",
                      background: PRESETS[preset],
                      transition: "all .2s",
                    }}
                  />
                </button>
              </Tooltip>
            );
          })}
        </div>
      </Section>
      <Button
        block
        size="large"
        icon={fullscreen.on ? <CompressOutlined /> : <ExpandOutlined />}
        onClick={fullscreen.toggle}
        aria-pressed={fullscreen.on}
        data-testid="fullscreen-toggle"
      >
        {t(fullscreen.on ? "settings.exitFullscreen" : "settings.fullscreen")}
      </Button>
    </Drawer>
  );
}
