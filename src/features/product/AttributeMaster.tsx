import type { Body, ItemOf } from "../../api";
import { useState } from "react";
import { DeleteButton, List } from "@refinedev/antd";
import { useCreate, useTranslate, useUpdate } from "@refinedev/core";
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip, Upload } from "antd";
import { EditOutlined, MinusCircleOutlined, PictureOutlined, PlusOutlined } from "@ant-design/icons";
import { useProductWrite } from "./hooks";
import { uploadBody } from "./model";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../../components/kit/images";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { formOnlyRequired, writeRules } from "../../components/kit/rules";
import { EMPTY, date } from "../../components/kit/format";
import { FilterBar, SearchBox, useListTable, usePinned, useTableScroll } from "../../components/kit/list";

type Attribute = ItemOf<"/api/masterdata/masterattribute">;
type AttributeItem = Attribute["items"][number];
/** The dialog's fields: what editattribute takes (an item without id is a new one). */
type EditValues = Required<Pick<Body<"/api/masterdata/editattribute">, "name" | "items">>;

const RESOURCE = "product-attribute";
const createRule = writeRules("/api/masterdata/createattribute");
const editRule = writeRules("/api/masterdata/editattribute");

function AttributeDialog({ attribute, onClose }: { attribute: Attribute | null; onClose(changed: boolean): void }) {
  const t = useTranslate();
  const [form] = Form.useForm<EditValues>();
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const { run } = useProductWrite();
  const rule = attribute ? editRule : createRule;
  const messages = {
    successNotification: () => ({
      type: "success" as const,
      message: t("product.attributes.masterSaved", "Attribute saved"),
    }),
    errorNotification: () => false as const,
  };

  const save = async (values: EditValues) => {
    const items = (values.items ?? []).map((i) => ({ ...i, name: i.name.trim() })).filter((i) => i.name);
    try {
      if (attribute) {
        await update({
          resource: RESOURCE,
          id: attribute.id,
          values: { name: values.name.trim(), items },
          ...messages,
        });
      } else {
        await create({
          resource: RESOURCE,
          values: { name: values.name.trim(), items: items.map((i) => i.name) },
          ...messages,
        });
      }
      onClose(true);
    } catch (error) {
      applyFieldErrors(form, error, "name");
    }
  };

  return (
    <Modal
      open
      title={
        attribute
          ? t("product.attributes.editTitle", "Edit attribute")
          : t("product.attributes.createTitle", "New attribute")
      }
      okText={t("product.actions.save", "Save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={creating.isPending || updating.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          name: attribute?.name ?? "",
          items: attribute?.items.map((i) => ({ id: i.id, name: i.name })) ?? [{ name: "" }],
        }}
      >
        <Form.Item
          name="name"
          label={t("product.attributes.name", "Attribute")}
          rules={rule("name", t("product.validation.attributeRequired", "Enter the attribute name"), [{ max: 100 }])}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => {
                const itemId = form.getFieldValue(["items", field.name, "id"]) as number | undefined;
                const label = t("product.attributes.itemN", { n: index + 1 }, `Value ${index + 1}`);
                return (
                  <Space key={field.key} align="baseline" style={{ display: "flex" }}>
                    <Form.Item
                      name={[field.name, "name"]}
                      label={index === 0 ? t("product.attributes.values", "Values") : undefined}
                      // A value inside `items`, which the marks do not reach: the server refuses an item without a
                      // name, and a blank row is left out of the save (an existing value would keep its old name).
                      rules={[
                        {
                          ...formOnlyRequired(t("product.validation.valueRequired", "Enter a value or remove the row")),
                          whitespace: true,
                        },
                        { max: 100 },
                      ]}
                      style={{ width: 360, marginBottom: 8 }}
                    >
                      <Input aria-label={label} maxLength={100} />
                    </Form.Item>
                    {itemId ? (
                      <Popconfirm
                        title={t(
                          "product.attributes.confirmDeleteItem",
                          "Delete this value? Products using it lose it.",
                        )}
                        okText={t("product.actions.delete", "Delete")}
                        okButtonProps={{ danger: true }}
                        cancelText={t("buttons.cancel")}
                        onConfirm={() =>
                          run(
                            "deleteattributeitem",
                            { id: itemId },
                            t("product.attributes.itemDeleted", "Value deleted"),
                          ).then(() => remove(field.name))
                        }
                      >
                        <Button
                          type="text"
                          danger
                          icon={<MinusCircleOutlined />}
                          aria-label={`${t("product.actions.delete", "Delete")}: ${label}`}
                        />
                      </Popconfirm>
                    ) : (
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        onClick={() => remove(field.name)}
                        aria-label={`${t("product.actions.delete", "Delete")}: ${label}`}
                      />
                    )}
                  </Space>
                );
              })}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: "" })}>
                {t("product.attributes.addValue", "Add value")}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** The attribute master: names, values, icon and status; products pick from the active ones. */
export function AttributeMaster() {
  const t = useTranslate();
  const scroll = useTableScroll();
  const pinned = usePinned();
  const { notification } = App.useApp();
  const { run } = useProductWrite();
  const [editing, setEditing] = useState<Attribute | null | undefined>(undefined);
  const refetch = () => tableQuery.refetch();
  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
      {t("product.attributes.create", "New attribute")}
    </Button>
  );
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<Attribute>(RESOURCE, {
    empty: (
      <>
        <div style={{ marginBottom: 12 }}>{t("product.attributes.empty", "No attributes yet")}</div>
        {createButton}
      </>
    ),
  });

  return (
    <List title={t("product.titles.attributes", "Attribute master")} headerButtons={createButton}>
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("product.attributes.search", "Search attributes")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <Select
          allowClear
          aria-label={t("product.fields.activeState", "Status")}
          placeholder={t("product.attributes.anyStatus", "Active or inactive")}
          options={[
            { value: "active", label: t("product.attributes.active", "Active") },
            { value: "inactive", label: t("product.attributes.inactive", "Inactive") },
          ]}
          onChange={(status?: string) => apply({ status })}
          style={{ width: 170 }}
        />
      </FilterBar>
      <Table<Attribute> {...tableProps} rowKey="id" scroll={scroll(900)}>
        <Table.Column<Attribute>
          key="icon"
          width={90}
          title={t("product.attributes.icon", "Icon")}
          render={(_, a) => (
            <Upload
              accept={IMAGE_ACCEPT}
              showUploadList={false}
              beforeUpload={(file) => {
                if (file.size > IMAGE_MAX_BYTES) {
                  notification.error({
                    message: t("product.images.tooLarge", { name: file.name }, `${file.name}: larger than 5 MB`),
                  });
                  return Upload.LIST_IGNORE;
                }
                return true;
              }}
              customRequest={({ file, onSuccess, onError }) =>
                run(
                  "attributeicon",
                  uploadBody({ id: a.id }, file as File),
                  t("product.attributes.iconSaved", "Icon saved"),
                )
                  .then((r) => {
                    onSuccess?.(r);
                    return refetch();
                  })
                  .catch((e) => onError?.(e as Error))
              }
            >
              <Tooltip title={t("product.attributes.changeIcon", "Change icon")}>
                <Button
                  aria-label={`${t("product.attributes.changeIcon", "Change icon")}: ${a.name}`}
                  style={{ width: 44, height: 44, padding: 4 }}
                >
                  {a.iconUrl ? (
                    <img src={a.iconUrl} alt="" width={32} height={32} style={{ objectFit: "contain" }} />
                  ) : (
                    <PictureOutlined />
                  )}
                </Button>
              </Tooltip>
            </Upload>
          )}
        />
        <Table.Column<Attribute> dataIndex="name" title={t("product.attributes.name", "Attribute")} width={200} />
        <Table.Column<Attribute>
          dataIndex="items"
          title={t("product.attributes.values", "Values")}
          render={(items: AttributeItem[]) =>
            items.length ? (
              <Space size={[4, 4]} wrap>
                {items.map((i) => (
                  <Tag key={i.id}>{i.name}</Tag>
                ))}
              </Space>
            ) : (
              EMPTY
            )
          }
        />
        <Table.Column<Attribute>
          dataIndex="updatedAt"
          title={t("product.fields.updatedAt", "Updated")}
          width={120}
          render={(v: string) => date(v)}
        />
        <Table.Column<Attribute>
          dataIndex="status"
          title={t("product.fields.activeState", "Status")}
          width={130}
          render={(status: Attribute["status"], a) => (
            <Switch
              checked={status === "active"}
              checkedChildren={t("product.attributes.active", "Active")}
              unCheckedChildren={t("product.attributes.inactive", "Inactive")}
              aria-label={`${t("product.fields.activeState", "Status")}: ${a.name}`}
              onChange={(active) =>
                run(
                  "attributestatus",
                  { id: a.id, status: active ? "active" : "inactive" },
                  t("product.attributes.masterSaved", "Attribute saved"),
                )
                  .then(refetch)
                  .catch(() => undefined)
              }
            />
          )}
        />
        <Table.Column<Attribute>
          key="actions"
          fixed={pinned("right")}
          width={100}
          title={t("product.fields.actions", "Actions")}
          render={(_, a) => (
            <Space size={4}>
              <Tooltip title={t("product.actions.edit", "Edit")}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t("product.actions.edit", "Edit")}: ${a.name}`}
                  onClick={() => setEditing(a)}
                />
              </Tooltip>
              <Tooltip title={t("product.actions.delete", "Delete")}>
                <DeleteButton
                  size="small"
                  hideText
                  resource={RESOURCE}
                  recordItemId={a.id}
                  confirmTitle={`${t("product.attributes.confirmDelete", "Delete this attribute?")} ${t("product.attributes.deleteHint", "Products lose it and its values.")}`}
                  confirmOkText={t("product.actions.delete", "Delete")}
                  confirmCancelText={t("buttons.cancel")}
                  successNotification={() => ({
                    type: "success",
                    message: t("product.attributes.deleted", "Attribute deleted"),
                  })}
                  errorNotification={(error) => ({
                    type: "error",
                    message: t("product.messages.actionFailed", "The action failed"),
                    description: errorMessage(error),
                  })}
                  aria-label={`${t("product.actions.delete", "Delete")}: ${a.name}`}
                />
              </Tooltip>
            </Space>
          )}
        />
      </Table>
      {editing !== undefined && (
        <AttributeDialog
          attribute={editing}
          onClose={(changed) => {
            setEditing(undefined);
            if (changed) void refetch();
          }}
        />
      )}
    </List>
  );
}
