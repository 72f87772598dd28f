import { Input, type InputProps } from "antd";
import { useRtl } from "../../components/kit/direction";

/**
 * A field of latin text (username, e-mail, phone, codes): written left to right, kept at the start side
 * of a right-to-left form. antd's right-to-left class overrides the `dir` attribute, so the style says it.
 */
export function LtrInput({ style, ...props }: InputProps) {
  const rtl = useRtl();
  return <Input {...props} dir="ltr" style={{ direction: "ltr", textAlign: rtl ? "right" : undefined, ...style }} />;
}
