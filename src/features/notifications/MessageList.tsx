import { useContext, useState } from "react";
import { List } from "@refinedev/antd";
import { useCustom, useCustomMutation, useOne } from "@refinedev/core";
import {
  App,
  Button,
  ConfigProvider,
  Descriptions,
  Drawer,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
} from "antd";
import { PlusOutlined, StopOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../components/kit/errors";
import { dateTime, EMPTY, useFormat } from "../../components/kit/format";
import {
  FilterBar,
  SearchBox,
  useListTable,
  useNarrow,
  usePinned,
  useTableScroll,
  WIDE,
} from "../../components/kit/list";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { screenPath } from "../../resources/calls";
import { ComposeDialog } from "./ComposeDialog";
import "./notifications.css";
import {
  AUDIENCES,
  calls,
  categoryColor,
  inZone,
  RESOURCE,
  STATUS_COLORS,
  STATUSES,
  type Message,
  type MessageStatus,
} from "./model";
import { ON_REST } from "../../providers/rest";

function StatusTag({ status }: { status: MessageStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`notifications.status.${status}`)}</Tag>;
}

function CategoryTag({ code }: { code: string }) {
  const { t } = useTranslation();
  return <Tag color={categoryColor(code)}>{t(`notifications.categories.${code}`, code)}</Tag>;
}

/** Who a message goes to, in words: everyone, a shop by name, a role by its label. */
function AudienceText({ message: m }: { message: Message }) {
  const { t } = useTranslation();
  if (m.audience === "shop")
    return (
      <span>
        {t("notifications.audience.shopNamed")} <bdi>{m.shopName ?? EMPTY}</bdi>
      </span>
    );
  if (m.audience === "role")
    return (
      <span>
        {t("notifications.audience.roleNamed")}{" "}
        {m.roleCode ? t(`roles.${m.roleCode}`, m.roleName ?? m.roleCode) : EMPTY}
      </span>
    );
  return <span>{t("notifications.audience.all")}</span>;
}

/** When it goes (or went) out, in the zone it was entered in. */
function Schedule({ message: m }: { message: Message }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0}>
      <span>{inZone(m.scheduledAt, m.timezone)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {m.timezone}
      </Typography.Text>
      {m.sentAt && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t("notifications.list.sentAt", { time: inZone(m.sentAt, m.timezone) })}
        </Typography.Text>
      )}
    </Space>
  );
}

function Recipients({ message: m }: { message: Message }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  if (m.recipientCount === null) return <Typography.Text type="secondary">{EMPTY}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <span>{number(m.recipientCount)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("notifications.list.read", { count: m.readCount })}
      </Typography.Text>
    </Space>
  );
}

/** One message in full, read again from the server (its read count moves while recipients read it). */
function MessageDrawer({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const { query, result: m } = useOne<Message>({ resource: RESOURCE, id, errorNotification: false });
  return (
    <Drawer
      open
      onClose={onClose}
      width={520}
      placement={direction === "rtl" ? "left" : "right"}
      title={t("notifications.detail.title")}
      loading={query.isLoading}
    >
      {query.isError ? (
        <RecordFailure query={query} backTo={screenPath(RESOURCE, "list")} />
      ) : m ? (
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <Space wrap>
            <CategoryTag code={m.category} />
            <StatusTag status={m.status} />
          </Space>
          {/* Plain elements: antd's Typography sets the UI direction in CSS, over dir="auto". */}
          <div dir="auto" style={{ fontWeight: 600, fontSize: token.fontSizeLG }}>
            {m.title}
          </div>
          <div dir="auto" style={{ whiteSpace: "pre-wrap", color: token.colorTextSecondary }}>
            {m.body}
          </div>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: "audience", label: t("notifications.fields.audience"), children: <AudienceText message={m} /> },
              {
                key: "link",
                label: t("notifications.fields.link"),
                children: m.link ? (
                  <Typography.Text code>
                    <bdi dir="ltr">{m.link}</bdi>
                  </Typography.Text>
                ) : (
                  EMPTY
                ),
              },
              { key: "when", label: t("notifications.fields.scheduledAt"), children: <Schedule message={m} /> },
              { key: "recipients", label: t("notifications.fields.recipients"), children: <Recipients message={m} /> },
              { key: "author", label: t("notifications.fields.author"), children: m.createdByName ?? EMPTY },
              { key: "created", label: t("notifications.fields.createdAt"), children: dateTime(m.createdAt) },
            ]}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}

/** /admin/promotion/notify: every message with its status, audience, schedule and recipients; compose and cancel. */
export function MessageList() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message: toast, notification } = App.useApp();
  const scroll = useTableScroll();
  const pinned = usePinned();
  const narrow = useNarrow();
  const [composing, setComposing] = useState(false);
  const [shown, setShown] = useState<number>();
  const { result: categoriesAnswer } = useCustom<{ items: { code: string; name: string }[] }>(
    calls.readCall("categories"),
  );
  const { mutateAsync, mutation } = useCustomMutation<Message>();
  const composeButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)}>
      {t("notifications.list.compose")}
    </Button>
  );
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<Message>(RESOURCE, {
    empty: (
      <>
        <div style={{ marginBottom: 12 }}>{t("notifications.list.empty")}</div>
        {composeButton}
      </>
    ),
  });

  const cancel = (m: Message) =>
    mutateAsync({
      url: `/api/v2/notification-messages/${m.id}/cancel`,
      method: "post",
      values: {},
      ...ON_REST,
      successNotification: false,
      errorNotification: false,
    })
      .then(() => toast.success(t("notifications.list.cancelled", { title: m.title })))
      .catch((error) =>
        notification.error({ message: t("notifications.list.cancelFailed"), description: errorMessage(error) }),
      )
      .finally(() => tableQuery.refetch());

  return (
    <List title={t("resources.promotion-notify")} headerButtons={composeButton}>
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("notifications.list.search")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <Select
          allowClear
          aria-label={t("notifications.fields.status")}
          placeholder={t("notifications.list.allStatuses")}
          options={STATUSES.map((s) => ({ value: s, label: t(`notifications.status.${s}`) }))}
          value={filters.status as string | undefined}
          onChange={(status?: string) => apply({ status })}
          style={{ width: 170 }}
        />
        <Select
          allowClear
          aria-label={t("notifications.fields.audience")}
          placeholder={t("notifications.list.allAudiences")}
          options={AUDIENCES.map((a) => ({ value: a, label: t(`notifications.audience.${a}`) }))}
          value={filters.audience as string | undefined}
          onChange={(audience?: string) => apply({ audience })}
          style={{ width: 170 }}
        />
        <Select
          allowClear
          aria-label={t("notifications.fields.category")}
          placeholder={t("notifications.list.allCategories")}
          options={(categoriesAnswer.data?.items ?? []).map((c) => ({
            value: c.code,
            label: t(`notifications.categories.${c.code}`, c.name),
          }))}
          value={filters.category as string | undefined}
          onChange={(category?: string) => apply({ category })}
          style={{ width: 170 }}
        />
      </FilterBar>
      <Table<Message> {...tableProps} rowKey="id" scroll={scroll(1040)}>
        <Table.Column<Message>
          dataIndex="title"
          title={t("notifications.fields.title")}
          render={(_, m) => (
            <div style={{ maxWidth: narrow ? 230 : 420 }}>
              {/* A plain button: a title wraps like text, where antd's button keeps words whole. */}
              <button
                type="button"
                className="notify-title"
                dir="auto"
                onClick={() => setShown(m.id)}
                style={{ color: token.colorLink }}
              >
                {m.title}
              </button>
              <div className="notify-excerpt" dir="auto" style={{ color: token.colorTextSecondary }}>
                {m.body}
              </div>
            </div>
          )}
        />
        <Table.Column<Message>
          dataIndex="category"
          title={t("notifications.fields.category")}
          width={130}
          responsive={WIDE}
          render={(code: string) => <CategoryTag code={code} />}
        />
        <Table.Column<Message>
          dataIndex="status"
          title={t("notifications.fields.status")}
          width={130}
          render={(status: MessageStatus) => <StatusTag status={status} />}
        />
        <Table.Column<Message>
          key="audience"
          title={t("notifications.fields.audience")}
          width={180}
          responsive={WIDE}
          render={(_, m) => <AudienceText message={m} />}
        />
        <Table.Column<Message>
          key="schedule"
          title={t("notifications.fields.scheduledAt")}
          width={180}
          render={(_, m) => <Schedule message={m} />}
        />
        <Table.Column<Message>
          key="recipients"
          title={t("notifications.fields.recipients")}
          width={120}
          responsive={WIDE}
          render={(_, m) => <Recipients message={m} />}
        />
        <Table.Column<Message>
          key="actions"
          fixed={pinned("right")}
          width={90}
          title={t("notifications.fields.actions")}
          render={(_, m) =>
            m.status === "scheduled" ? (
              <Popconfirm
                title={t("notifications.list.confirmCancel")}
                description={t("notifications.list.cancelEffect")}
                okText={t("notifications.list.cancel")}
                okButtonProps={{ danger: true }}
                cancelText={t("notifications.list.keep")}
                onConfirm={() => cancel(m)}
              >
                <Tooltip title={t("notifications.list.cancel")}>
                  <Button
                    size="small"
                    danger
                    icon={<StopOutlined />}
                    loading={mutation.isPending}
                    aria-label={`${t("notifications.list.cancel")}: ${m.title}`}
                  />
                </Tooltip>
              </Popconfirm>
            ) : null
          }
        />
      </Table>
      {composing && (
        <ComposeDialog
          onClose={() => setComposing(false)}
          onDone={(m) => {
            setComposing(false);
            toast.success(
              Date.parse(m.scheduledAt) <= Date.now()
                ? t("notifications.compose.sent")
                : t("notifications.compose.scheduled"),
            );
            void tableQuery.refetch();
          }}
        />
      )}
      {shown !== undefined && <MessageDrawer id={shown} onClose={() => setShown(undefined)} />}
    </List>
  );
}
