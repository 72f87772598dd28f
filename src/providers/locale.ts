import type { Locale } from "antd/es/locale";
import enUS from "antd/es/locale/en_US";
import frFR from "antd/es/locale/fr_FR";
import viVN from "antd/es/locale/vi_VN";
import zhCN from "antd/es/locale/zh_CN";
import arEG from "antd/es/locale/ar_EG";
import dayjs from "dayjs";
import "dayjs/locale/fr";
import "dayjs/locale/vi";
import "dayjs/locale/zh-cn";
import "dayjs/locale/ar";
import { useEffect } from "react";

const ANTD: Record<string, Locale> = { en: enUS, fr: frFR, vi: viVN, cn: zhCN, ar: arEG };
const DAYJS: Record<string, string> = { en: "en", fr: "fr", vi: "vi", cn: "zh-cn", ar: "ar" };

/** Ant Design and dayjs follow the i18next language. */
export function useAntdLocale(lng: string | undefined): Locale {
  const code = lng && ANTD[lng] ? lng : "en";
  useEffect(() => {
    dayjs.locale(DAYJS[code]);
  }, [code]);
  return ANTD[code];
}
