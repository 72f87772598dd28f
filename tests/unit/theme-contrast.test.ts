import { theme } from "antd";
import { contrast, readable } from "../../src/providers/contrast";
import { DEFAULT_SETTINGS, PRESETS, themeConfig, type ThemePreset } from "../../src/providers/settings";

/** An rgba() or #hex colour as it shows over a background. */
function over(color: string, bg: string): string {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)/.exec(color);
  if (!m) return color.slice(0, 7);
  const a = m[4] === undefined ? 1 : Number(m[4]);
  const b = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
  return `#${[m[1], m[2], m[3]]
    .map((c, i) => Math.round(Number(c) * a + b[i] * (1 - a)))
    .map((c) => c.toString(16).padStart(2, "0"))
    .join("")}`;
}

describe("WCAG contrast helpers", () => {
  it("measures the ratio of two colours", () => {
    expect(contrast("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrast("#FFFFFF", "#FFFFFF")).toBe(1);
    // The measurements: the preset green on light grey, menu group titles on white.
    expect(contrast("#00A76F", "#F4F6F8")).toBeCloseTo(2.86, 1);
    expect(contrast("#8C8C8C", "#FFFFFF")).toBeCloseTo(3.36, 1);
  });

  it("darkens or lightens a colour only as far as it must", () => {
    const dark = readable("#00A76F", ["#F4F6F8"], "darker");
    expect(contrast(dark, "#F4F6F8")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark, "#F4F6F8")).toBeLessThan(5.2);
    expect(readable("#000000", ["#FFFFFF"], "darker")).toBe("#000000");
    expect(contrast(readable("#2065D1", ["#141A21"], "lighter"), "#141A21")).toBeGreaterThanOrEqual(4.5);
  });
});

describe("theme tokens read at 4.5:1 in every preset, mode and contrast", () => {
  const cases = (["light", "dark"] as const).flatMap((themeMode) =>
    (["default", "bold"] as const).flatMap((themeContrast) =>
      (Object.keys(PRESETS) as ThemePreset[]).map((themeColorPresets) => ({
        themeMode,
        themeContrast,
        themeColorPresets,
      })),
    ),
  );
  it.each(cases)("$themeMode $themeContrast $themeColorPresets", (look) => {
    const config = themeConfig({ ...DEFAULT_SETTINGS, ...look });
    const t = theme.getDesignToken(config);
    const backgrounds = [t.colorBgLayout, t.colorBgContainer, t.colorBgElevated].map((bg) => over(bg, "#000000"));
    const low: string[] = [];
    const check = (what: string, fg: string, bg: string) => {
      const ratio = contrast(over(fg, bg), bg);
      if (ratio < 4.5) low.push(`${what} ${fg} on ${bg}: ${ratio.toFixed(2)}`);
    };
    check("white on the primary fill", "#FFFFFF", t.colorPrimary);
    for (const bg of backgrounds) {
      check("link", t.colorLink, bg);
      check("secondary text", t.colorTextSecondary, bg);
      check("tertiary text", t.colorTextTertiary, bg);
      check("description", t.colorTextDescription, bg);
    }
    const menu = config.components?.Menu;
    const menuSelected = menu?.itemSelectedColor ?? t.colorPrimary;
    check("selected menu item", menuSelected, over(menu?.itemSelectedBg ?? t.controlItemBgActive, t.colorBgContainer));
    if (look.themeMode === "light") for (const bg of backgrounds) check("primary as text", t.colorPrimary, bg);
    expect(low).toEqual([]);
  });
});
