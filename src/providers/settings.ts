import { theme, type ThemeConfig } from "antd";
import { mix, readable } from "./contrast";
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

/** Ant Design's system stack, then Kanit (thai-font.css): only characters no system font has fall to it. */
export const FONT_FAMILY = `-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji", Kanit`;

/**
 * The preset's hue in the shades text needs (WCAG 1.4.3, 4.5:1): `fill` carries white words (primary buttons)
 * and, in light mode, is also the text colour (links, the selected menu item, tabs) on every light background
 * and on `selectedBg`, the selected menu item's tint; in dark mode text takes a lighter shade of the same hue
 * (`text`). Ant Design's dark algorithm shows a link seed at 85% over #141414: the shade is chosen as shown.
 */
export function presetShades(preset: ThemePreset, dark: boolean, backgrounds: string[]) {
  const base = PRESETS[preset];
  if (!dark) {
    const selectedBg = mix(base, "#FFFFFF", 0.1);
    const fill = readable(base, ["#FFFFFF", selectedBg, ...backgrounds], "darker");
    return { fill, text: fill, link: fill, selectedBg };
  }
  const selectedBg = mix(base, backgrounds[1], 0.16);
  const text = readable(base, [selectedBg, ...backgrounds], "lighter");
  return {
    fill: readable(base, ["#FFFFFF"], "darker"),
    text,
    link: readable(base, backgrounds, "lighter", 4.5, (c) => mix(c, "#141414", 0.85)),
    selectedBg,
  };
}

/** Short enough to see no movement, long enough for the browser to report that it ended (which Ant Design waits for). */
const INSTANT = "0.01s";

/** The whole look comes from Ant Design tokens: algorithm, primary colour, and for bold contrast
 * a darker page background with firmer borders and text. */
export function themeConfig(s: Settings, reducedMotion = false): ThemeConfig {
  const dark = s.themeMode === "dark";
  const bold = s.themeContrast === "bold";
  const token: ThemeConfig["token"] = {
    fontFamily: FONT_FAMILY,
    borderRadius: 8,
    // Secondary words (descriptions, menu group titles, counts) at 4.5:1: Ant Design's 45% is 3.4:1.
    colorTextTertiary: dark ? "rgba(255, 255, 255, 0.62)" : "rgba(0, 0, 0, 0.62)",
    colorTextDescription: dark ? "rgba(255, 255, 255, 0.62)" : "rgba(0, 0, 0, 0.62)",
    // The system asks for less motion: Ant Design's drawers, menus and notices appear at once. Not `motion: false`:
    // without its motion a popup is never placed and a select's list can stay off screen (antd issue 50131).
    ...(reducedMotion && { motionDurationFast: INSTANT, motionDurationMid: INSTANT, motionDurationSlow: INSTANT }),
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
  const backgrounds = [
    token.colorBgLayout!,
    token.colorBgContainer!,
    ...(token.colorBgElevated ? [token.colorBgElevated] : []),
  ];
  const { fill, text, link, selectedBg } = presetShades(s.themeColorPresets, dark, backgrounds);
  // colorLink is a seed the algorithm shifts (presetShades allows for it); the text tokens are taken as given.
  Object.assign(token, { colorPrimary: fill, colorInfo: fill, colorLink: link });
  if (dark) Object.assign(token, { colorPrimaryText: text, colorPrimaryTextHover: text, colorPrimaryTextActive: text });
  // The selected item's tint (menus, options, the mail folder) is one the text shade reads on.
  Object.assign(token, { colorPrimaryBg: selectedBg, controlItemBgActive: selectedBg });
  // Status words (delete buttons, errors, warnings, rises) at 4.5:1 too: seeds, so taken as the algorithm shows them.
  const status = (seed: string) =>
    dark
      ? readable(seed, backgrounds, "lighter", 4.5, (c) => mix(c, "#141414", 0.85))
      : readable(seed, ["#FFFFFF", mix(seed, "#FFFFFF", 0.1), ...backgrounds], "darker");
  Object.assign(token, {
    colorError: status("#FF4D4F"),
    colorSuccess: status("#52C41A"),
    colorWarning: status("#FAAD14"),
  });
  // Placeholders are text to read as well (Ant Design's are 25%).
  token.colorTextPlaceholder = dark ? "rgba(255, 255, 255, 0.55)" : "rgba(0, 0, 0, 0.58)";
  // Components that write the primary colour as text: in dark mode the lighter text shade.
  const selected = { itemSelectedBg: selectedBg, ...(dark ? { itemSelectedColor: text } : {}) };
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token,
    components: {
      Layout: { headerBg: token.colorBgLayout, siderBg: token.colorBgContainer, bodyBg: token.colorBgLayout },
      Menu: { ...selected, ...(dark ? { horizontalItemSelectedColor: text, subMenuItemSelectedColor: text } : {}) },
      // The unchecked switch's words are white on its grey track: a darker track (Ant Design's is 25% black).
      Switch: dark ? {} : { colorTextQuaternary: "rgba(0, 0, 0, 0.55)", colorTextTertiary: "rgba(0, 0, 0, 0.65)" },
      Tabs: dark ? { itemSelectedColor: text, itemActiveColor: text, itemHoverColor: text } : {},
      Pagination: dark ? { itemActiveColor: text, itemActiveColorHover: text } : {},
    },
  };
}
