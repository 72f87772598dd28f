import type { Body } from "../../api";
import { useState } from "react";
import { useDataProvider, useTranslate } from "@refinedev/core";
import { App, Badge, Button, Dropdown, Form, Input, Modal, Radio, Skeleton } from "antd";
import {
  DeleteOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  FileOutlined,
  InboxOutlined,
  MoreOutlined,
  PlusOutlined,
  SendOutlined,
  StarOutlined,
} from "@ant-design/icons";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { RADIO_GROUP, writeRules } from "../../components/kit/rules";
import { LABEL_COLORS, LABEL_NAME_MAX, REST, type MailLabel, type MailView, type SystemLabel } from "./model";
import { REST_PROVIDER } from "../../providers/rest";

const ICONS: Record<SystemLabel, React.ReactNode> = {
  inbox: <InboxOutlined />,
  sent: <SendOutlined />,
  drafts: <FileOutlined />,
  starred: <StarOutlined />,
  important: <ExclamationCircleOutlined />,
  trash: <DeleteOutlined />,
};

const createRule = writeRules("/api/v2/mail-labels");
const changeRule = writeRules("/api/v2/mail-labels/{id}", "patch");

/** Create or change a label: a name and a colour. With `mailId`, the new label goes on that mail at once. */
export function LabelDialog({
  label,
  mailId,
  onDone,
  onClose,
}: {
  label?: MailLabel;
  mailId?: number;
  onDone(label: MailLabel): void;
  onClose(): void;
}) {
  const t = useTranslate();
  const rest = useDataProvider()(REST_PROVIDER);
  const [form] = Form.useForm<{ name: string; color: string }>();
  const [busy, setBusy] = useState(false);
  const rule = label ? changeRule : createRule;
  const save = async (v: { name: string; color: string }) => {
    setBusy(true);
    try {
      const { data } = label
        ? await rest.update<MailLabel>({
            resource: REST.labels,
            id: label.id,
            variables: { name: v.name.trim(), color: v.color } satisfies Body<"/api/v2/mail-labels/{id}", "patch">,
          })
        : await rest.create<MailLabel>({
            resource: REST.labels,
            variables: {
              name: v.name.trim(),
              color: v.color,
              ...(mailId ? { mailIds: [mailId] } : {}),
            } satisfies Body<"/api/v2/mail-labels">,
          });
      onDone(data);
    } catch (e) {
      applyFieldErrors(form, e, "name");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={label ? t("mail.labels.editTitle") : t("mail.labels.newTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ name: label?.name ?? "", color: label?.color ?? LABEL_COLORS[0] }}
      >
        <Form.Item
          name="name"
          label={t("mail.labels.name")}
          rules={rule("name", t("mail.labels.nameRequired"), [
            { max: LABEL_NAME_MAX, message: t("mail.labels.tooLong", { max: LABEL_NAME_MAX }) },
          ])}
        >
          <Input autoFocus dir="auto" maxLength={LABEL_NAME_MAX + 1} />
        </Form.Item>
        <Form.Item name="color" label={t("mail.labels.color")} rules={rule("color")}>
          <Radio.Group {...RADIO_GROUP} className="mail-swatches">
            {LABEL_COLORS.map((c) => (
              <Radio.Button key={c} value={c} aria-label={c} className="mail-swatch">
                <span className="mail-dot" style={{ background: c }} />
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The folders and the person's own labels, with unread counts; picking one shows its mails. */
export function LabelPane({
  labels,
  loading,
  view,
  onPick,
  onChanged,
}: {
  labels: MailLabel[];
  loading: boolean;
  view: MailView;
  onPick(view: MailView): void;
  onChanged(deletedId?: number): void;
}) {
  const t = useTranslate();
  const { modal, notification } = App.useApp();
  const rest = useDataProvider()(REST_PROVIDER);
  const [editing, setEditing] = useState<{ label?: MailLabel }>();
  const active = (l: MailLabel) => (l.system ? !view.q && view.folder === l.id : view.labelId === l.id);

  const remove = (l: MailLabel) => {
    modal.confirm({
      title: t("mail.labels.deleteTitle", { name: l.name }),
      content: t("mail.labels.deleteText"),
      okText: t("buttons.delete"),
      okButtonProps: { danger: true },
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        try {
          await rest.deleteOne({ resource: REST.labels, id: l.id });
          onChanged(l.id as number);
        } catch (e) {
          notification.error({ message: t("mail.failed"), description: errorMessage(e) });
        }
      },
    });
  };

  const item = (l: MailLabel) => {
    const name = l.system ? t(`mail.folders.${l.id}`) : l.name!;
    // The unread count for folders that collect new mail; drafts and sent show how many there are.
    const count = l.id === "drafts" ? l.total : l.id === "sent" || l.id === "trash" ? 0 : l.unread;
    return (
      <li key={String(l.id)} className="mail-label-row">
        <button
          type="button"
          className={`mail-label${active(l) ? " is-active" : ""}${l.unread > 0 && l.id !== "drafts" ? " is-unread" : ""}`}
          aria-current={active(l) ? "page" : undefined}
          onClick={() => onPick(l.system ? { folder: l.id as SystemLabel } : { labelId: l.id as number })}
          aria-label={count > 0 ? t("mail.labels.withCount", { name, count }) : name}
        >
          <span className="mail-label-icon" aria-hidden>
            {l.system ? (
              ICONS[l.id as SystemLabel]
            ) : (
              <span className="mail-dot" style={{ background: l.color ?? undefined }} />
            )}
          </span>
          <bdi className="mail-label-name">{name}</bdi>
          {count > 0 && (
            <Badge
              count={count}
              overflowCount={999}
              className={`mail-label-count${l.id === "drafts" ? " is-total" : ""}`}
            />
          )}
        </button>
        {!l.system && (
          <Dropdown
            trigger={["click"]}
            menu={{
              items: [
                {
                  key: "edit",
                  icon: <EditOutlined />,
                  label: t("mail.labels.edit"),
                  onClick: () => setEditing({ label: l }),
                },
                {
                  key: "delete",
                  icon: <DeleteOutlined />,
                  danger: true,
                  label: t("mail.labels.delete"),
                  onClick: () => remove(l),
                },
              ],
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t("mail.labels.actions", { name: l.name })}
            />
          </Dropdown>
        )}
      </li>
    );
  };

  const system = labels.filter((l) => l.system);
  const own = labels.filter((l) => !l.system);
  return (
    <nav className="mail-labels" aria-label={t("mail.labels.title")}>
      {loading && !labels.length ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} style={{ padding: 12 }} />
      ) : (
        <>
          <ul>{system.map(item)}</ul>
          <div className="mail-labels-head">
            <span>{t("mail.labels.title")}</span>
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setEditing({})}
              aria-label={t("mail.labels.new")}
              title={t("mail.labels.new")}
            />
          </div>
          {own.length ? (
            <ul>{own.map(item)}</ul>
          ) : (
            <p className="mail-muted mail-labels-empty">{t("mail.labels.none")}</p>
          )}
        </>
      )}
      {editing && (
        <LabelDialog
          label={editing.label}
          onClose={() => setEditing(undefined)}
          onDone={() => {
            setEditing(undefined);
            onChanged();
          }}
        />
      )}
    </nav>
  );
}
