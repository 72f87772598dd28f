import { theme } from "antd";
import type { GlobalToken } from "antd";
import { useMemo } from "react";
import { readable } from "../../providers/contrast";

const PRESET_TAGS = [
  "blue",
  "purple",
  "cyan",
  "green",
  "magenta",
  "pink",
  "red",
  "orange",
  "yellow",
  "volcano",
  "geekblue",
  "lime",
  "gold",
] as const;
const STATUS_TAGS = [
  ["success", "colorSuccess", "colorSuccessBg"],
  ["processing", "colorInfo", "colorInfoBg"],
  ["error", "colorError", "colorErrorBg"],
  ["warning", "colorWarning", "colorWarningBg"],
] as const;

/** Every coloured tag's words at 4.5:1 on its own tint (WCAG 1.4.3), each hue kept, in either mode. */
export function tagContrastCss(token: GlobalToken, dark: boolean): string {
  const toward = dark ? "lighter" : "darker";
  const rule = (name: string, text: string, bg: string) =>
    `.ant-tag.ant-tag-${name}{color:${readable(text, [bg, token.colorBgContainer], toward)}}`;
  const colours = token as unknown as Record<string, string>;
  return [
    ...PRESET_TAGS.map((c) => rule(c, colours[`${c}7`], colours[`${c}1`])),
    ...STATUS_TAGS.map(([name, text, bg]) => rule(name, token[text], token[bg])),
  ].join("");
}

/** Ant Design's preset and status tags write their words in the 7th shade on the 1st: 2.7–3.4:1 for several. */
export function TagContrast({ dark }: { dark: boolean }) {
  const { token } = theme.useToken();
  const css = useMemo(() => tagContrastCss(token, dark), [token, dark]);
  return <style>{css}</style>;
}
