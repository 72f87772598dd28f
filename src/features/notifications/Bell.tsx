import { BellOutlined, CheckOutlined, LinkOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Badge, Button, ConfigProvider, Drawer, Empty, Flex, List, Tag, Typography, theme } from "antd";
import { useContext, useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorMessage } from "../../components/kit/errors";
import { dateTime, useFormat } from "../../components/kit/format";
import { BACKGROUND } from "../../providers/activity";
import { calls, categoryColor, noticeText, type Inbox, type InboxItem } from "./model";
import { openNotifyStream } from "./stream";

/** While the event stream is down, the count is read again every minute (the tab visible). */
export const POLL_MS = 60_000;
/** Notifications arriving together (a reconnect's backlog) are read in one go. */
const SETTLE_MS = 100;
const PAGE = 20;

/** The signed-in user's notifications: the unread count in the header, the list in a drawer. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { money } = useFormat();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const [live, setLive] = useState(false);
  const { query } = useCustom<Inbox>({
    ...calls.readCall("inbox", { page: 1, limit }),
    // Pushed by the stream while it is up; otherwise React Query reads at intervals (not while the tab is hidden).
    queryOptions: {
      refetchInterval: live ? false : POLL_MS,
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
    },
    errorNotification: false,
    meta: BACKGROUND,
  });
  const reread = useEffectEvent(() => void query.refetch());
  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | undefined;
    const close = openNotifyStream(
      {
        onNotification: () => {
          clearTimeout(settle);
          settle = setTimeout(() => reread(), SETTLE_MS);
        },
        onStatus: setLive,
      },
      { baseUrl: import.meta.env.VITE_API_URL ?? "" },
    );
    return () => {
      clearTimeout(settle);
      close();
    };
  }, []);
  const { mutateAsync, mutation } = useCustomMutation();
  const inbox = query.data?.data;
  const unread = inbox?.unread ?? 0;

  const markRead = (values: { id: number } | { all: true }) =>
    mutateAsync({
      ...calls.writeCall("read"),
      values,
      successNotification: false,
      errorNotification: (error) => ({
        type: "error",
        message: t("notifications.bell.failed"),
        description: errorMessage(error),
      }),
    }).then(() => query.refetch());

  const follow = async (item: InboxItem) => {
    if (!item.readAt) await markRead({ id: item.id });
    setOpen(false);
    if (item.link) void navigate(item.link);
  };

  const label = unread ? t("notifications.bell.labelUnread", { count: unread }) : t("notifications.bell.label");
  return (
    <>
      <Badge count={unread} size="small" offset={[-4, 4]} overflowCount={99}>
        <Button
          type="text"
          shape="circle"
          aria-label={label}
          data-testid="notification-bell"
          data-live={live ? "true" : "false"}
          icon={<BellOutlined style={{ fontSize: 20 }} />}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement={direction === "rtl" ? "left" : "right"}
        width={400}
        title={t("notifications.bell.title")}
        extra={
          <Button
            size="small"
            icon={<CheckOutlined />}
            disabled={!unread}
            loading={mutation.isPending}
            onClick={() => void markRead({ all: true })}
          >
            {t("notifications.bell.markAllRead")}
          </Button>
        }
        styles={{ body: { padding: "0 16px 16px" } }}
        data-testid="notification-drawer"
      >
        {query.isError ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("notifications.bell.loadFailed")}>
            <Button onClick={() => void query.refetch()}>{t("notifications.bell.retry")}</Button>
          </Empty>
        ) : (
          <List<InboxItem>
            loading={query.isLoading}
            dataSource={inbox?.items ?? []}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("notifications.bell.empty")} />,
            }}
            loadMore={
              inbox && inbox.items.length < inbox.total ? (
                <Flex justify="center" style={{ marginTop: 12 }}>
                  <Button onClick={() => setLimit((n) => n + PAGE)} loading={query.isFetching}>
                    {t("notifications.bell.more")}
                  </Button>
                </Flex>
              ) : null
            }
            renderItem={(item) => {
              const text = noticeText(item, (key, options) => t(key, options), money);
              return (
                <List.Item
                  data-testid="notification-item"
                  data-unread={item.readAt ? undefined : "true"}
                  style={{
                    display: "block",
                    paddingInline: 8,
                    marginBlock: 4,
                    background: item.readAt ? undefined : token.colorPrimaryBg,
                    borderRadius: token.borderRadius,
                  }}
                >
                  <Flex justify="space-between" align="center" gap={8} wrap>
                    <Tag color={categoryColor(item.category)} style={{ marginInlineEnd: 0 }}>
                      {t(`notifications.categories.${item.category}`, item.category)}
                    </Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {dateTime(item.deliveredAt)}
                    </Typography.Text>
                  </Flex>
                  {/* Plain elements: antd's Typography sets the UI direction in CSS, over dir="auto". */}
                  <div dir="auto" style={{ marginTop: 6, fontWeight: item.readAt ? 400 : 600, color: token.colorText }}>
                    {text.title}
                  </div>
                  <div
                    dir="auto"
                    style={{ whiteSpace: "pre-wrap", margin: "4px 0 8px", color: token.colorTextSecondary }}
                  >
                    {text.body}
                  </div>
                  <Flex gap={8} wrap>
                    {item.link && (
                      <Button
                        size="small"
                        type="primary"
                        ghost
                        icon={<LinkOutlined />}
                        onClick={() => void follow(item)}
                      >
                        {t("notifications.bell.open")}
                      </Button>
                    )}
                    {!item.readAt && (
                      <Button
                        size="small"
                        onClick={() => void markRead({ id: item.id })}
                        aria-label={`${t("notifications.bell.markRead")}: ${text.title}`}
                      >
                        {t("notifications.bell.markRead")}
                      </Button>
                    )}
                  </Flex>
                </List.Item>
              );
            }}
          />
        )}
      </Drawer>
    </>
  );
}
