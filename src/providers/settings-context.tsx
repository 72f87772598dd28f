import { ConfigProvider } from "antd";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { directionOf, langTag } from "./languages";
import { useAntdLocale } from "./locale";
import {
  clearSettings,
  defaultsFor,
  isDefault,
  readSettings,
  themeConfig,
  writeSetting,
  type Settings,
} from "./settings";

export interface SettingsContextValue extends Settings {
  update<K extends keyof Settings>(key: K, value: Settings[K]): void;
  reset(): void;
  /** True when any setting differs from the default (the dot on the drawer's button). */
  changed: boolean;
  drawerOpen: boolean;
  setDrawerOpen(open: boolean): void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const subscribeMotion = (changed: () => void) => {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener("change", changed);
  return () => query?.removeEventListener("change", changed);
};
/** The operating system's "reduce motion" setting, followed while the app is open. */
const useReducedMotion = () =>
  useSyncExternalStore(subscribeMotion, () => !!window.matchMedia?.(REDUCED_MOTION).matches);

/**
 * Theme settings kept in cookies, applied through Ant Design's ConfigProvider, with the document's
 * `dir`/`lang`. The language decides the direction: Arabic forces rtl, any other language ltr.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [settings, setSettings] = useState<Settings>(() => {
    const stored = readSettings();
    return directionOf(language) === "rtl" ? { ...stored, themeDirection: "rtl" } : stored;
  });
  const [drawerOpen, setDrawerOpen] = useState(false);

  const update = useCallback(<K extends keyof Settings>(key: K, value: Settings[K]) => {
    writeSetting(key, value);
    setSettings((s) => ({ ...s, [key]: value }));
  }, []);

  useEffect(() => {
    const follow = (lng: string) => update("themeDirection", directionOf(lng));
    i18n.on("languageChanged", follow);
    return () => i18n.off("languageChanged", follow);
  }, [i18n, update]);

  const defaults = defaultsFor(directionOf(language));
  const reset = useCallback(() => {
    clearSettings();
    const next = defaultsFor(directionOf(i18n.resolvedLanguage ?? i18n.language));
    // An Arabic UI stays rtl after a reset; keep that in the cookie so a reload agrees.
    if (next.themeDirection === "rtl") writeSetting("themeDirection", "rtl");
    setSettings(next);
  }, [i18n]);

  useEffect(() => {
    const html = document.documentElement;
    html.dir = settings.themeDirection;
    // "cn" is this app's name for Chinese; the document needs a real tag for fonts and screen readers.
    html.lang = langTag(language);
    html.style.colorScheme = settings.themeMode;
    html.dataset.theme = settings.themeMode;
  }, [settings.themeDirection, settings.themeMode, language]);

  const changed = !isDefault(settings, defaults);
  const value = useMemo<SettingsContextValue>(
    () => ({ ...settings, update, reset, changed, drawerOpen, setDrawerOpen }),
    [settings, update, reset, changed, drawerOpen],
  );
  const locale = useAntdLocale(language);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeConfig(settings, reducedMotion), [settings, reducedMotion]);

  return (
    <SettingsContext.Provider value={value}>
      <ConfigProvider theme={theme} direction={settings.themeDirection} locale={locale}>
        {children}
      </ConfigProvider>
    </SettingsContext.Provider>
  );
}

export function useSettings(): SettingsContextValue {
  const context = useContext(SettingsContext);
  if (!context) throw new Error("useSettings must be used inside SettingsProvider");
  return context;
}
