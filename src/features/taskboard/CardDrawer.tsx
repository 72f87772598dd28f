import { useState } from "react";
import { useDataProvider, useList, useTranslate } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  List as AntList,
  Popconfirm,
  Select,
  Space,
  Typography,
  Upload,
} from "antd";
import { DeleteOutlined, FilePdfOutlined, PaperClipOutlined, UploadOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { applyFieldErrors, errorMessage, hasFieldErrors } from "../../components/kit/errors";
import { useNarrow } from "../../components/kit/list";
import { writeRules } from "../../components/kit/rules";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENTS_MAX,
  attachmentLimit,
  CARD_NAME_MAX,
  DESCRIPTION_MAX,
  REST,
  type Assignee,
  type Attachment,
  type CardValues,
  type TaskCard,
} from "./model";
import type { TaskBoardApi } from "./useTaskBoard";
import { ON_REST, REST_PROVIDER } from "../../providers/rest";

interface FormValues {
  name: string;
  description?: string;
  assigneeId?: number | null;
  dueDate?: Dayjs | null;
}

const createRule = writeRules("/api/v2/task-cards");
const changeRule = writeRules("/api/v2/task-cards/{id}", "patch");

const toValues = (v: FormValues): CardValues => ({
  name: v.name.trim(),
  description: v.description?.trim() ? v.description.trim() : null,
  assigneeId: v.assigneeId ?? null,
  dueDate: v.dueDate ? v.dueDate.format("YYYY-MM-DD") : null,
});

const kb = (size: number) =>
  size < 1024 * 1024 ? `${Math.max(1, Math.round(size / 1024))} KB` : `${(size / 1024 / 1024).toFixed(1)} MB`;

/** A card's files: listed with a preview or PDF mark, uploaded (sniffed again by the server) and deleted. */
function Attachments({ card, onCount }: { card: TaskCard; onCount(n: number): void }) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const rest = useDataProvider()(REST_PROVIDER);
  const resource = REST.attachments(card.id);
  const { result, query } = useList<Attachment>({ resource, ...ON_REST, pagination: { mode: "off" } });
  const files = result.data;
  const [uploading, setUploading] = useState(0);
  const refresh = async () => {
    const { data } = await query.refetch();
    onCount(data?.data.length ?? files.length);
  };
  const failed = (e: unknown) => notification.error({ message: t("taskboard.failed"), description: errorMessage(e) });

  const beforeUpload = (file: File) => {
    const accepted = ATTACHMENT_ACCEPT.split(",").includes(file.type);
    const problem = !accepted
      ? t("taskboard.attachments.wrongType", { name: file.name })
      : file.size > attachmentLimit(file.type)
        ? t("taskboard.attachments.tooLarge", { name: file.name, max: attachmentLimit(file.type) / 1024 / 1024 })
        : undefined;
    if (problem) {
      notification.warning({ message: problem });
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  return (
    <section aria-labelledby="taskboard-attachments">
      <Typography.Title level={5} id="taskboard-attachments" style={{ marginTop: 8 }}>
        {t("taskboard.attachments.title")}
      </Typography.Title>
      <AntList
        size="small"
        loading={query.isLoading}
        dataSource={files}
        locale={{ emptyText: t("taskboard.attachments.empty") }}
        renderItem={(file) => (
          <AntList.Item
            actions={[
              <Popconfirm
                key="delete"
                title={t("taskboard.attachments.confirmDelete", { name: file.originalName })}
                okText={t("buttons.delete")}
                okButtonProps={{ danger: true }}
                cancelText={t("buttons.cancel")}
                onConfirm={() => rest.deleteOne({ resource, id: file.id }).then(refresh, failed)}
              >
                <Button
                  type="text"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t("taskboard.attachments.delete", { name: file.originalName })}
                />
              </Popconfirm>,
            ]}
          >
            <AntList.Item.Meta
              avatar={
                file.mime.startsWith("image/") ? (
                  <img src={file.url} alt="" width={40} height={40} className="taskboard-file-thumb" loading="lazy" />
                ) : (
                  <FilePdfOutlined className="taskboard-file-icon" aria-hidden />
                )
              }
              title={
                <a href={file.url} target="_blank" rel="noreferrer">
                  <bdi>{file.originalName || file.url}</bdi>
                </a>
              }
              description={kb(file.size)}
            />
          </AntList.Item>
        )}
      />
      <Space direction="vertical" size={4} style={{ marginTop: 8 }}>
        <Upload
          accept={ATTACHMENT_ACCEPT}
          multiple
          showUploadList={false}
          beforeUpload={beforeUpload}
          disabled={files.length >= ATTACHMENTS_MAX}
          customRequest={({ file, onSuccess, onError }) => {
            const body = new FormData();
            body.append("file", file as File);
            setUploading((n) => n + 1);
            rest.custom!({ url: `${rest.getApiUrl()}/${resource}`, method: "post", payload: body })
              .then((r) => {
                onSuccess?.(r.data);
                return refresh();
              })
              .catch((e) => {
                onError?.(e as Error);
                failed(e);
              })
              .finally(() => setUploading((n) => n - 1));
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={files.length >= ATTACHMENTS_MAX}>
            {t("taskboard.attachments.upload")}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t("taskboard.attachments.rules", { max: ATTACHMENTS_MAX })}</Typography.Text>
      </Space>
    </section>
  );
}

/** Add or edit a card: name, description, assignee, due date; an existing card's attachments; delete. */
export function CardDrawer({
  card,
  columnName,
  api,
  onCreate,
  onClose,
}: {
  card?: TaskCard;
  columnName: string;
  api: TaskBoardApi;
  onCreate(values: CardValues): Promise<TaskCard>;
  onClose(): void;
}) {
  const t = useTranslate();
  const narrow = useNarrow();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  // The marks of the write sent.
  const rule = card ? changeRule : createRule;
  const { result: assignees, query: assigneeQuery } = useList<Assignee>({
    resource: REST.assignees,
    ...ON_REST,
    pagination: { mode: "off" },
  });

  const save = async (values: FormValues) => {
    setBusy(true);
    setFailure(undefined);
    try {
      if (card) await api.updateCard(card.id, toValues(values));
      else await onCreate(toValues(values));
      onClose();
    } catch (e) {
      if (!hasFieldErrors(form, e)) setFailure(errorMessage(e));
      applyFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!card) return;
    setBusy(true);
    try {
      await api.deleteCard(card.id);
      onClose();
    } catch (e) {
      setFailure(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <Drawer
      open
      width={narrow ? "100%" : 480}
      title={card ? t("taskboard.cards.editTitle") : t("taskboard.cards.newTitle")}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 160 }}>
          {columnName}
        </Typography.Text>
      }
      footer={
        <div className="taskboard-drawer-footer">
          {card ? (
            <Popconfirm
              title={t("taskboard.cards.confirmDelete", { name: card.name })}
              okText={t("buttons.delete")}
              okButtonProps={{ danger: true }}
              cancelText={t("buttons.cancel")}
              onConfirm={remove}
            >
              <Button danger icon={<DeleteOutlined />} disabled={busy}>
                {t("taskboard.cards.delete")}
              </Button>
            </Popconfirm>
          ) : (
            <span />
          )}
          <Space>
            <Button onClick={onClose}>{t("buttons.cancel")}</Button>
            <Button type="primary" onClick={() => form.submit()} loading={busy}>
              {t("buttons.save")}
            </Button>
          </Space>
        </div>
      }
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={
          card
            ? {
                name: card.name,
                description: card.description ?? "",
                assigneeId: card.assigneeId,
                dueDate: card.dueDate ? dayjs(card.dueDate) : null,
              }
            : { name: "", description: "", assigneeId: null, dueDate: null }
        }
      >
        <Form.Item
          name="name"
          label={t("taskboard.cards.name")}
          rules={rule("name", t("taskboard.cards.nameRequired"), [
            { max: CARD_NAME_MAX, message: t("taskboard.tooLong", { max: CARD_NAME_MAX }) },
          ])}
        >
          <Input autoFocus dir="auto" maxLength={CARD_NAME_MAX + 1} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t("taskboard.cards.description")}
          rules={[{ max: DESCRIPTION_MAX, message: t("taskboard.tooLong", { max: DESCRIPTION_MAX }) }]}
        >
          <Input.TextArea dir="auto" autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Form.Item name="assigneeId" label={t("taskboard.cards.assignee")}>
          <Select<number | null>
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t("taskboard.cards.nobody")}
            loading={assigneeQuery.isLoading}
            options={[
              ...assignees.data.map((a) => ({ value: a.id, label: a.name })),
              // Someone assigned earlier who is no longer in the list still shows by name.
              ...(card?.assigneeId && !assignees.data.some((a) => a.id === card.assigneeId) && !assigneeQuery.isLoading
                ? [{ value: card.assigneeId, label: card.assigneeName ?? `#${card.assigneeId}` }]
                : []),
            ]}
          />
        </Form.Item>
        <Form.Item name="dueDate" label={t("taskboard.cards.dueDate")}>
          <DatePicker style={{ width: "100%" }} />
        </Form.Item>
      </Form>
      {card ? (
        <Attachments
          card={card}
          onCount={(n) =>
            n !== card.attachmentCount && api.dispatch({ type: "updateCard", card: { ...card, attachmentCount: n } })
          }
        />
      ) : (
        <Typography.Paragraph type="secondary">
          <PaperClipOutlined aria-hidden /> {t("taskboard.attachments.saveFirst")}
        </Typography.Paragraph>
      )}
    </Drawer>
  );
}
