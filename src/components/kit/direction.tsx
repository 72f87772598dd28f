import { useContext } from "react";
import { ArrowLeftOutlined, ArrowRightOutlined, LeftOutlined, RightOutlined } from "@ant-design/icons";
import { ConfigProvider } from "antd";
import { Link } from "react-router";

/** Whether the UI reads right to left (Arabic): arrows that mean "back" or "then" mirror. */
export function useRtl(): boolean {
  return useContext(ConfigProvider.ConfigContext)?.direction === "rtl";
}

/**
 * Two values with an arrow from the first to the second (`฿10.00 → ฿12.00`), read in the UI's
 * direction: each value is isolated so right to left shows `second ← first`.
 */
export function FromTo({ from, to }: { from: React.ReactNode; to: React.ReactNode }) {
  return (
    <span>
      <bdi>{from}</bdi> {useRtl() ? "←" : "→"} <bdi>{to}</bdi>
    </span>
  );
}

/** A chevron pointing the way the UI reads, between two steps. */
export function ThenChevron({ style }: { style?: React.CSSProperties }) {
  const Icon = useRtl() ? LeftOutlined : RightOutlined;
  return <Icon aria-hidden style={style} />;
}

/** A detail page's back arrow as a real link (opens in a new tab too), mirrored right to left. */
export function BackLink({ to, label }: { to: string; label: string }) {
  const Icon = useRtl() ? ArrowRightOutlined : ArrowLeftOutlined;
  return (
    // Inside a page header the arrow sits in antd's back button, whose own handler goes back in history:
    // the link's click stops here, or that handler would undo the link's navigation.
    <Link to={to} aria-label={label} title={label} onClick={(e) => e.stopPropagation()}>
      <Icon />
    </Link>
  );
}

/**
 * One line of someone's text (a product or banner name) cut with an ellipsis at the end of its own words:
 * its direction comes from the text (dir="auto"), so a Latin name in the Arabic UI loses its tail, not its
 * start. Ant Design's ellipsis sets the UI's direction in CSS, which wins over the text's. The whole text is
 * the hover title.
 */
export function ClippedText({ text }: { text: string }) {
  return (
    <span className="kit-clip" dir="auto" title={text}>
      {text}
    </span>
  );
}
