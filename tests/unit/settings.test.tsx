import { act, fireEvent, render, screen, within } from "@testing-library/react";
import SettingsDrawer from "../../src/components/settings/SettingsDrawer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SettingsButton } from "../../src/components/settings/SettingsButton";
import { readCookie } from "../../src/providers/cookies";
import {
  COOKIE_DAYS,
  DEFAULT_SETTINGS,
  clearSettings,
  isDefault,
  readSettings,
  themeConfig,
  writeSetting,
} from "../../src/providers/settings";
import { SettingsProvider, useSettings } from "../../src/providers/settings-context";
import { keysOnlyI18n } from "./helpers";
import { loadLocale } from "../../src/providers/locale";

const i18n = keysOnlyI18n();

afterEach(async () => {
  clearSettings();
  await act(() => i18n.changeLanguage("en"));
});

function Probe() {
  const s = useSettings();
  return (
    <div>
      <output data-testid="state">{`${s.themeMode} ${s.themeDirection} ${s.themeLayout} ${s.themeColorPresets} ${s.themeStretch}`}</output>
      <button onClick={() => s.update("themeMode", "dark")}>dark</button>
      <button onClick={() => s.update("themeLayout", "mini")}>mini</button>
      <button onClick={s.reset}>reset</button>
      <SettingsButton />
    </div>
  );
}

const renderProbe = () =>
  render(
    <SettingsProvider>
      <Probe />
    </SettingsProvider>,
  );

describe("settings cookies", () => {
  it("defaults to light, ltr, vertical, default contrast and preset, no stretch", () => {
    expect(readSettings()).toEqual({
      themeMode: "light",
      themeDirection: "ltr",
      themeLayout: "vertical",
      themeContrast: "default",
      themeColorPresets: "default",
      themeStretch: false,
    });
    expect(isDefault(readSettings())).toBe(true);
  });

  it("round-trips every setting through its cookie", () => {
    writeSetting("themeMode", "dark");
    writeSetting("themeLayout", "horizontal");
    writeSetting("themeStretch", true);
    writeSetting("themeContrast", "bold");
    writeSetting("themeDirection", "rtl");
    writeSetting("themeColorPresets", "purple");
    expect(readCookie("themeMode")).toBe("dark");
    expect(readSettings()).toEqual({
      themeMode: "dark",
      themeLayout: "horizontal",
      themeStretch: true,
      themeContrast: "bold",
      themeDirection: "rtl",
      themeColorPresets: "purple",
    });
  });

  it("keeps the cookies for 3 days", () => {
    const set = vi.spyOn(document, "cookie", "set");
    const now = Date.now();
    writeSetting("themeMode", "dark");
    const expires = /expires=([^;]+)/.exec(set.mock.calls[0][0])![1];
    expect(Math.round((Date.parse(expires) - now) / 86_400_000)).toBe(COOKIE_DAYS);
    set.mockRestore();
  });

  it("ignores values that are not one of the choices", () => {
    document.cookie = "themeMode=purple; path=/";
    document.cookie = "themeStretch=yes; path=/";
    expect(readSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it("turns the settings into Ant Design tokens", () => {
    const light = themeConfig(DEFAULT_SETTINGS);
    const darkBold = themeConfig({
      ...DEFAULT_SETTINGS,
      themeMode: "dark",
      themeContrast: "bold",
      themeColorPresets: "red",
    });
    // The preset green darkened to read at 4.5:1 (theme-contrast.test.ts checks every preset).
    expect(light.token?.colorPrimary).toBe("#007F54");
    expect(darkBold.token?.colorPrimary).toBe("#E3262F");
    expect(darkBold.algorithm).not.toBe(light.algorithm);
    expect(darkBold.token?.colorBorder).toBeDefined();
    expect(light.token?.colorBorder).toBeUndefined();
  });
});

describe("settings provider", () => {
  it("shows the dot once a setting differs, writes the cookie, and reset clears both", () => {
    renderProbe();
    expect(screen.queryByTestId("settings-dot")).toBeNull();
    fireEvent.click(screen.getByText("dark"));
    fireEvent.click(screen.getByText("mini"));
    expect(screen.getByTestId("state")).toHaveTextContent("dark ltr mini default false");
    expect(readCookie("themeMode")).toBe("dark");
    expect(readCookie("themeLayout")).toBe("mini");
    expect(screen.getByTestId("settings-dot")).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe("dark");

    fireEvent.click(screen.getByText("reset"));
    expect(screen.getByTestId("state")).toHaveTextContent("light ltr vertical default false");
    expect(readCookie("themeMode")).toBeUndefined();
    expect(readCookie("themeLayout")).toBeUndefined();
    expect(screen.queryByTestId("settings-dot")).toBeNull();
  });

  it("starts from the cookies, as after a reload", () => {
    writeSetting("themeMode", "dark");
    writeSetting("themeColorPresets", "orange");
    renderProbe();
    expect(screen.getByTestId("state")).toHaveTextContent("dark ltr vertical orange false");
    expect(screen.getByTestId("settings-dot")).toBeInTheDocument();
  });

  it("Arabic forces rtl on the document and the setting; another language brings ltr back", async () => {
    renderProbe();
    await act(() => i18n.changeLanguage("ar"));
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    expect(screen.getByTestId("state")).toHaveTextContent("light rtl vertical");
    expect(readCookie("themeDirection")).toBe("rtl");
    // rtl is Arabic's default, so it is not a change worth a dot.
    expect(screen.queryByTestId("settings-dot")).toBeNull();

    await act(() => i18n.changeLanguage("fr"));
    expect(document.documentElement.dir).toBe("ltr");
    expect(screen.getByTestId("state")).toHaveTextContent("light ltr vertical");
    // The locale chunks the switches started must land before the test environment goes away.
    await act(() => Promise.all([loadLocale("ar"), loadLocale("fr")]).then(() => loadLocale("en")));
  });

  it("needs its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow("useSettings must be used inside SettingsProvider");
  });
});

describe("settings drawer", () => {
  it("carries the header's language control, says the language is kept, and a reset keeps Arabic", async () => {
    render(
      <SettingsProvider>
        <Probe />
        <SettingsDrawer />
      </SettingsProvider>,
    );
    await act(() => i18n.changeLanguage("ar"));
    fireEvent.click(screen.getByText("dark"));
    act(() => screen.getByRole("button", { name: /^settings.open/ }).click());
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByTestId("language-kept")).toHaveTextContent("settings.languageKept");

    fireEvent.click(within(drawer).getByRole("button", { name: "settings.reset" }));
    expect(screen.getByTestId("state")).toHaveTextContent("light rtl vertical");
    expect(i18n.language).toBe("ar");

    // The same picker as the header's: a menu of the five languages.
    fireEvent.click(within(drawer).getByRole("button", { name: /header.language/ }));
    await act(async () => fireEvent.click(await screen.findByText("Français")));
    expect(i18n.language).toBe("fr");
    await act(() => Promise.all([loadLocale("ar"), loadLocale("fr")]));
  });
});
