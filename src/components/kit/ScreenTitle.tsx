import { theme, Typography } from "antd";
import type { ReactNode } from "react";

/** The title of a screen drawn without a page header (dashboards, the route table): its one h1, at a page title's size. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title
      level={1}
      style={{ margin: 0, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}
    >
      {children}
    </Typography.Title>
  );
}
