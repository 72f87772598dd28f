import type { Body, ItemOf } from "../../api";
import { useCustom, useTranslate } from "@refinedev/core";
import { Button, Card, Empty, Form, Input, List, Popconfirm, Select, Space, Tag, Typography } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { dateTime } from "../../components/kit/format";
import { readCall } from "./model";
import { useOrderAction } from "./useOrderAction";
import { applyFieldErrors } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";

const CHANNELS = ["phone", "line", "email", "sms"] as const;

type ContactNote = ItemOf<"/api/order/contactcuslist">;
type NoteValues = Pick<Body<"/api/order/contactcustomer">, "channel" | "note">;
const rule = writeRules("/api/order/contactcustomer");

/** Notes of each call or message to the customer; deleting one keeps it in the timeline. */
export function ContactNotes({ orderId, refresh }: { orderId: number; refresh: () => unknown }) {
  const t = useTranslate();
  const [form] = Form.useForm<NoteValues>();
  const { result, query } = useCustom<{ items: ContactNote[] }>(readCall("contacts", { id: orderId }));
  const notes = result.data?.items ?? [];
  const { run, busy } = useOrderAction(() => Promise.all([query.refetch(), refresh()]));

  const add = async (values: NoteValues) => {
    const res = await run("contact", { id: orderId, channel: values.channel, note: values.note.trim() }, "noteAdded");
    if (res.ok) form.resetFields(["note"]);
    else applyFieldErrors(form, res.error);
  };

  return (
    <Card title={t("orders.titles.contacts")}>
      <Form form={form} layout="vertical" initialValues={{ channel: "phone" }} onFinish={add}>
        <Space.Compact style={{ width: "100%" }}>
          <Form.Item name="channel" noStyle rules={rule("channel")}>
            <Select
              aria-label={t("orders.fields.contactChannel")}
              style={{ width: 110 }}
              options={CHANNELS.map((c) => ({ value: c, label: t(`orders.contactChannel.${c}`) }))}
            />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="note"
          label={t("orders.fields.note")}
          style={{ marginTop: 8 }}
          rules={rule("note", t("orders.validation.note"), [{ max: 1000 }])}
        >
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Button htmlType="submit" loading={busy}>
          {t("orders.actions.addNote")}
        </Button>
      </Form>
      <List<ContactNote>
        style={{ marginTop: 12 }}
        loading={query.isLoading}
        dataSource={notes}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("orders.messages.noNotes")} />,
        }}
        renderItem={(note) => (
          <List.Item
            actions={[
              <Popconfirm
                key="delete"
                title={t("orders.messages.confirmDeleteNote")}
                okText={t("orders.actions.delete")}
                okButtonProps={{ danger: true }}
                cancelText={t("buttons.cancel")}
                onConfirm={() => run("deleteContact", { id: note.id }, "noteDeleted")}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("orders.actions.delete")} />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  <Tag>{t(`orders.contactChannel.${note.channel}`, note.channel)}</Tag>
                  <span dir="auto">{note.note}</span>
                </Space>
              }
              description={
                <Typography.Text type="secondary">
                  {note.actorName} · {dateTime(note.createdAt)}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
