/** Languages the app ships; no i18next import, so pickers load without initialising it. */
export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "fr", label: "Français" },
  { code: "vi", label: "Tiếng Việt" },
  { code: "cn", label: "中文" },
  { code: "ar", label: "العربية" },
] as const;

export const directionOf = (lng: string | undefined): "rtl" | "ltr" => (lng?.startsWith("ar") ? "rtl" : "ltr");
