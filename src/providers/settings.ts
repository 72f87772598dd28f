import { theme, type ThemeConfig } from "antd";
import { readCookie, removeCookie, writeCookie } from "./cookies";

export type ThemeMode = "light" | "dark";
export type ThemeContrast = "default" | "bold";
export type ThemeDirection = "ltr" | "rtl";
export type ThemeLayout = "vertical" | "mini" | "horizontal";
export type ThemePreset = "default" | "cyan" | "purple" | "blue" | "orange" | "red";

export interface Settings {
  themeMode: ThemeMode;
  themeContrast: ThemeContrast;
  themeDirection: ThemeDirection;
  themeLayout: ThemeLayout;
  themeStretch: boolean;
  themeColorPresets: ThemePreset;
}

export const DEFAULT_SETTINGS: Settings = {
  themeMode: "light",
  themeContrast: "default",
  themeDirection: "ltr",
  themeLayout: "vertical",
  themeStretch: false,
  themeColorPresets: "default",
};

/** Spec §9. */
export const COOKIE_DAYS = 3;
export const DRAWER_WIDTH = 260;
export const NAV_WIDTH = 280;
export const NAV_MINI_WIDTH = 88;
export const HEADER = { mobile: 64, mainDesktop: 88, dashboardDesktop: 92 } as const;
/** Stretch only takes effect above this window width (xl); below it content stays capped. */
export const STRETCH_MIN_WIDTH = 1600;
export const CONTENT_MAX_WIDTH = 1280;

export const PRESETS: Record<ThemePreset, string> = {
  default: "#00A76F",
  cyan: "#078DEE",
  purple: "#7635DC",
  blue: "#2065D1",
  orange: "#E8780C",
  red: "#E3262F",
};

const CHOICES: { [K in keyof Settings]: readonly Settings[K][] } = {
  themeMode: ["light", "dark"],
  themeContrast: ["default", "bold"],
  themeDirection: ["ltr", "rtl"],
  themeLayout: ["vertical", "mini", "horizontal"],
  themeStretch: [false, true],
  themeColorPresets: Object.keys(PRESETS) as ThemePreset[],
};

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

/** Settings from the cookies; a missing or unknown value means the default. */
export function readSettings(): Settings {
  const out = { ...DEFAULT_SETTINGS } as Record<keyof Settings, unknown>;
  for (const key of KEYS) {
    const raw = readCookie(key);
    const value = key === "themeStretch" ? (raw === "true" ? true : raw === "false" ? false : undefined) : raw;
    if ((CHOICES[key] as readonly unknown[]).includes(value)) out[key] = value;
  }
  return out as unknown as Settings;
}

export function writeSetting<K extends keyof Settings>(key: K, value: Settings[K]) {
  writeCookie(key, String(value), COOKIE_DAYS);
}

export function clearSettings() {
  KEYS.forEach(removeCookie);
}

/** Defaults for a language: Arabic reads right to left, so its default direction is rtl. */
export const defaultsFor = (direction: ThemeDirection): Settings => ({
  ...DEFAULT_SETTINGS,
  themeDirection: direction,
});

/** Drives the dot on the settings button. */
export const isDefault = (s: Settings, defaults: Settings = DEFAULT_SETTINGS) =>
  KEYS.every((key) => s[key] === defaults[key]);

/** The whole look comes from Ant Design tokens: algorithm, primary colour, and for bold contrast
 * a darker page background with firmer borders and text. */
export function themeConfig(s: Settings): ThemeConfig {
  const dark = s.themeMode === "dark";
  const bold = s.themeContrast === "bold";
  const token: ThemeConfig["token"] = {
    colorPrimary: PRESETS[s.themeColorPresets],
    colorInfo: PRESETS[s.themeColorPresets],
    borderRadius: 8,
  };
  if (dark) {
    Object.assign(
      token,
      bold
        ? {
            colorBgLayout: "#000000",
            colorBgContainer: "#161C24",
            colorBgElevated: "#1C252E",
            colorBorder: "#637381",
            colorBorderSecondary: "#454F5B",
            colorTextBase: "#FFFFFF",
          }
        : { colorBgLayout: "#141A21", colorBgContainer: "#1C252E", colorBgElevated: "#212B36" },
    );
  } else {
    Object.assign(
      token,
      bold
        ? {
            colorBgLayout: "#E9ECEE",
            colorBgContainer: "#FFFFFF",
            colorBorder: "#919EAB",
            colorBorderSecondary: "#C4CDD5",
            colorTextBase: "#000000",
          }
        : { colorBgLayout: "#F4F6F8", colorBgContainer: "#FFFFFF" },
    );
  }
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token,
    components: {
      Layout: { headerBg: token.colorBgLayout, siderBg: token.colorBgContainer, bodyBg: token.colorBgLayout },
    },
  };
}
