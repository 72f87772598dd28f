import { Card, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { AppTitle } from "../../components/layout/AppTitle";
import { LanguagePicker } from "../../components/layout/LanguagePicker";

/** Centered card shared by the sign-in and sign-up pages. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: "100vh", padding: 16, background: "#f5f7fa" }}>
      <Flex justify="space-between" align="center" style={{ width: "100%", maxWidth: 420, marginBottom: 16 }}>
        <AppTitle />
        <LanguagePicker />
      </Flex>
      <Card style={{ width: "100%", maxWidth: 420 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
    </Flex>
  );
}
