import { useState } from "react";
import { useCreate, useDelete, useList, useTranslate } from "@refinedev/core";
import { Alert, Button, Form, Grid, Input, Modal, Popconfirm, Select, Space } from "antd";
import { DeleteOutlined, SaveOutlined } from "@ant-design/icons";
import { errorMessage } from "../../providers/http-shared";
import { applyFieldErrors } from "./errors";
import { writeRules } from "./rules";
import { ON_REST } from "../../providers/rest";

/** What a list screen can restore: Refine's filters and sorters, the visible columns, the page size. */
export type ViewState = { filters?: unknown[]; sorters?: unknown[]; columns?: string[]; pageSize?: number };

export interface SavedView {
  id: number;
  listKey: string;
  name: string;
  state: ViewState;
  createdAt: string;
  updatedAt: string;
}

export interface SavedViewsProps {
  /** Which list the views belong to, e.g. "orders" (lowercase words joined by - _ . or :). */
  listKey: string;
  /** The list's state now: what "Save view" stores. */
  current: ViewState;
  /** Called with a view's state when the user picks it. */
  onApply(state: ViewState): void;
}

/** `/api/v2/saved-views`, read through the REST data provider; the server keeps each user's views to themselves. */
const REST = { resource: "saved-views", ...ON_REST } as const;
const NAME_MAX = 80;
const rule = writeRules("/api/v2/saved-views");

/** The signed-in user's saved views of one list: pick one to apply it, save the current state under a name, delete one. */
export function SavedViews({ listKey, current, onApply }: SavedViewsProps) {
  const t = useTranslate();
  const [selected, setSelected] = useState<number>();
  const narrow = Grid.useBreakpoint().md === false;
  const [saving, setSaving] = useState(false);
  const { result, query } = useList<SavedView>({
    ...REST,
    filters: [{ field: "listKey", operator: "eq", value: listKey }],
    sorters: [{ field: "name", order: "asc" }],
    pagination: { currentPage: 1, pageSize: 100 },
  });
  const { mutate: remove, mutation: removing } = useDelete<SavedView>();
  const views = result.data;
  const chosen = views.find((v) => v.id === selected);

  const pick = (id: number) => {
    const view = views.find((v) => v.id === id);
    if (!view) return;
    setSelected(id);
    onApply(view.state);
  };

  const removeChosen = () => {
    if (!chosen) return;
    remove(
      {
        ...REST,
        id: chosen.id,
        successNotification: () => ({ type: "success", message: t("kit.savedViews.deleted", { name: chosen.name }) }),
        errorNotification: (error) => ({ type: "error", message: errorMessage(error) }),
      },
      { onSuccess: () => setSelected(undefined) },
    );
  };

  return (
    // On a phone the row is the screen's width, so the picker's name is not cut ("طرق العرض المحفوظة").
    <Space.Compact style={{ maxWidth: "100%", width: narrow ? "100%" : undefined }}>
      <Select<number>
        aria-label={t("kit.savedViews.label")}
        placeholder={t("kit.savedViews.label")}
        style={{ minWidth: 150, flex: "1 1 auto" }}
        value={chosen?.id}
        onChange={pick}
        loading={query.isLoading}
        options={views.map((v) => ({ value: v.id, label: v.name }))}
        notFoundContent={t("kit.savedViews.empty")}
      />
      {/* A phone's row holds the picker's name or the button's words, not both: the button keeps its name, unseen. */}
      <Button
        icon={<SaveOutlined />}
        onClick={() => setSaving(true)}
        aria-label={narrow ? t("kit.savedViews.save") : undefined}
        title={narrow ? t("kit.savedViews.save") : undefined}
      >
        {narrow ? null : t("kit.savedViews.save")}
      </Button>
      <Popconfirm
        title={t("kit.savedViews.confirmDelete", { name: chosen?.name ?? "" })}
        okText={t("kit.savedViews.delete")}
        okButtonProps={{ danger: true }}
        cancelText={t("buttons.cancel")}
        onConfirm={removeChosen}
        disabled={!chosen}
      >
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!chosen}
          loading={removing.isPending}
          aria-label={t("kit.savedViews.delete")}
        />
      </Popconfirm>
      {saving && (
        <SaveViewDialog
          listKey={listKey}
          current={current}
          onClose={(created) => {
            setSaving(false);
            if (created) setSelected(created.id);
          }}
        />
      )}
    </Space.Compact>
  );
}

function SaveViewDialog({
  listKey,
  current,
  onClose,
}: {
  listKey: string;
  current: ViewState;
  onClose(created?: SavedView): void;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<{ name: string }>();
  const [failure, setFailure] = useState<string>();
  const { mutateAsync: create, mutation } = useCreate<SavedView>();

  const save = async ({ name }: { name: string }) => {
    setFailure(undefined);
    try {
      const { data } = await create({
        ...REST,
        values: { listKey, name: name.trim(), state: current },
        successNotification: () => ({ type: "success", message: t("kit.savedViews.saved", { name: name.trim() }) }),
        errorNotification: false,
      });
      onClose(data);
    } catch (error) {
      // A taken or invalid name goes on the field; anything else (state too large, ...) above the form.
      if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      open
      title={t("kit.savedViews.saveTitle")}
      okText={t("kit.savedViews.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={save} initialValues={{ name: "" }}>
        <Form.Item
          name="name"
          label={t("kit.savedViews.name")}
          extra={t("kit.savedViews.nameHelp")}
          rules={rule("name", t("kit.savedViews.nameRequired"), [
            { max: NAME_MAX, message: t("kit.savedViews.nameTooLong", { max: NAME_MAX }) },
          ])}
        >
          <Input maxLength={NAME_MAX} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
