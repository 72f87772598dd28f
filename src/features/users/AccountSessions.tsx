import { useState } from "react";
import { useCustom, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Flex, List, Popconfirm, Spin, Tag, Typography } from "antd";
import { DesktopOutlined, MobileOutlined } from "@ant-design/icons";
import type { Answer } from "../../api";
import { errorMessage } from "../../components/kit/errors";
import { dateTime } from "../../components/kit/format";
import { renewToken } from "../../providers/auth";
import { REST, restUrl } from "./model";
import { useUserWrites } from "./useUserWrites";
import { ON_REST } from "../../providers/rest";

type Sessions = Answer<"/api/v2/my-account/sessions", "get">;
type Session = Sessions["items"][number];

/** The browser and system a user agent names (either may be missing), and whether it is a phone. */
export function deviceName(userAgent: string | null): { browser?: string; os?: string; mobile: boolean } {
  const ua = userAgent ?? "";
  const browser = [
    ["Edg/", "Edge"],
    ["OPR/", "Opera"],
    ["Firefox/", "Firefox"],
    ["Chrome/", "Chrome"],
    ["Safari/", "Safari"],
  ].find(([mark]) => ua.includes(mark))?.[1];
  const os = [
    ["Android", "Android"],
    ["iPhone", "iOS"],
    ["iPad", "iPadOS"],
    ["Windows", "Windows"],
    ["Mac OS", "macOS"],
    ["CrOS", "ChromeOS"],
    ["Linux", "Linux"],
  ].find(([mark]) => ua.includes(mark))?.[1];
  return { browser, os, mobile: /Mobile|Android|iPhone/.test(ua) };
}

/** The own account's active sessions, the current one marked, and "sign out everywhere else". */
export function AccountSessions() {
  const t = useTranslate();
  const { result, query } = useCustom<Sessions>({
    url: restUrl(`${REST.account}/sessions`),
    method: "get",
    ...ON_REST,
  });
  const { rest, busy } = useUserWrites();
  const [failure, setFailure] = useState<string>();
  const items = result.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;
  const signOutOthers = async () => {
    setFailure(undefined);
    try {
      const done = await rest<Answer<"/api/v2/my-account/sessions/sign-out-others", "post">>(
        `${REST.account}/sessions/sign-out-others`,
        "post",
        {},
        t("users.sessions.done"),
        true,
      );
      renewToken(done.accessToken);
      await query.refetch();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const label = (s: Session) => {
    const d = deviceName(s.userAgent);
    if (d.browser && d.os) return t("users.sessions.browserOn", { browser: d.browser, os: d.os });
    return d.browser ?? d.os ?? t("users.sessions.unknownDevice");
  };
  return (
    // The button under the list, not in the title bar: on a phone it would squeeze the title.
    <Card title={t("users.sessions.title")}>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      {query.isError ? (
        <Alert type="error" showIcon message={errorMessage(query.error)} />
      ) : query.isLoading ? (
        <Spin />
      ) : (
        <List
          data-testid="sessions"
          dataSource={items}
          rowKey="id"
          renderItem={(s) => (
            <List.Item data-current={s.current || undefined}>
              <List.Item.Meta
                avatar={deviceName(s.userAgent).mobile ? <MobileOutlined /> : <DesktopOutlined />}
                title={
                  <Flex gap={8} wrap align="center">
                    <span>{label(s)}</span>
                    {s.current && <Tag color="green">{t("users.sessions.current")}</Tag>}
                  </Flex>
                }
                description={
                  <Flex vertical gap={2}>
                    <Typography.Text type="secondary">
                      {t("users.sessions.lastSeen", { when: dateTime(s.lastSeenAt) })}
                      {" · "}
                      {t("users.sessions.signedIn", { when: dateTime(s.createdAt) })}
                    </Typography.Text>
                    {s.ip && (
                      <Typography.Text type="secondary">
                        {t("users.sessions.from")} <bdi>{s.ip}</bdi>
                      </Typography.Text>
                    )}
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Flex justify="end" style={{ marginTop: 16 }}>
        <Popconfirm
          title={t("users.sessions.confirmTitle")}
          description={t("users.sessions.confirmText", { count: others })}
          okText={t("users.sessions.signOutOthers")}
          okButtonProps={{ danger: true }}
          cancelText={t("buttons.cancel")}
          onConfirm={signOutOthers}
          disabled={others === 0}
        >
          <Button danger disabled={others === 0} loading={busy}>
            {t("users.sessions.signOutOthers")}
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}
