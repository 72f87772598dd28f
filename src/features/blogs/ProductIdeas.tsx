import { useMemo, useState } from "react";
import { useCustom, useCustomMutation, useGetLocale, useTranslate } from "@refinedev/core";
import { Button, Card, Empty, Input, Modal, Popconfirm, Space, Table, Tooltip, Typography } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { errorMessage, readCall, writeCall, type LinkedProduct, type PostDetail } from "./model";

const PICKER_PAGE_SIZE = 8;

/** App language codes → Intl locales (`cn` is the app's code for Simplified Chinese). */
const INTL_LOCALES: Record<string, string> = { cn: "zh-CN" };

function usePrice() {
  const locale = useGetLocale()();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale ? (INTL_LOCALES[locale] ?? locale) : undefined, { style: "currency", currency: "THB", currencyDisplay: "narrowSymbol" });
    return (value: number) => format.format(value);
  }, [locale]);
}

function ProductPicker(props: { post: PostDetail; open: boolean; onClose: () => void; onAdd: (ids: number[]) => Promise<unknown> }) {
  const t = useTranslate();
  const price = usePrice();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const linked = new Set(props.post.products.map((p) => p.id));

  const { result, query } = useCustom<{ items: LinkedProduct[]; total: number }>({
    ...readCall("products"),
    config: { query: { shopId: props.post.shopId, search: search || undefined, page, limit: PICKER_PAGE_SIZE } },
    queryOptions: { enabled: props.open },
  });

  const close = () => {
    setSelected([]);
    props.onClose();
  };

  return (
    <Modal
      open={props.open}
      title={t("blog.titles.addProducts", "Add products")}
      okText={t("blog.actions.addSelected", { count: selected.length }, `Add ${selected.length}`)}
      cancelText={t("blog.actions.cancel", "Cancel")}
      okButtonProps={{ disabled: selected.length === 0, loading: saving }}
      onCancel={close}
      onOk={async () => {
        setSaving(true);
        try {
          await props.onAdd(selected);
          close();
        } finally {
          setSaving(false);
        }
      }}
      width={720}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        autoFocus
        aria-label={t("blog.fields.searchProducts", "Search products")}
        placeholder={t("blog.fields.searchProducts", "Search products")}
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<LinkedProduct>
        size="small"
        rowKey="id"
        loading={query.isFetching}
        dataSource={result.data?.items ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (product) => ({ disabled: linked.has(product.id), "aria-label": product.name }),
        }}
        pagination={{
          current: page,
          pageSize: PICKER_PAGE_SIZE,
          total: result.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { dataIndex: "code", title: t("blog.fields.code", "Code"), width: 120 },
          { dataIndex: "name", title: t("blog.fields.productName", "Product") },
          { dataIndex: "price", title: t("blog.fields.price", "Price"), align: "end", render: (v: number) => price(v) },
        ]}
      />
    </Modal>
  );
}

/** The post's linked products ("product ideas"): reorder, remove, add from the shop's catalogue. */
export function ProductIdeas({ post, onChanged }: { post: PostDetail; onChanged: () => Promise<unknown> }) {
  const t = useTranslate();
  const price = usePrice();
  const [pickerOpen, setPickerOpen] = useState(false);
  const { mutateAsync, mutation } = useCustomMutation();
  const products = post.products;

  const failed = (error: unknown) => ({
    type: "error" as const,
    message: t("blog.messages.actionFailed", "The action failed"),
    description: errorMessage(error),
  });

  const saveOrder = (productIds: number[], message: string) =>
    mutateAsync({
      ...writeCall("sortProducts"),
      values: { id: post.id, productIds },
      successNotification: () => ({ type: "success", message }),
      errorNotification: failed,
    }).then(onChanged);

  const move = (index: number, delta: -1 | 1) => {
    const ids = products.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id);
    return saveOrder(ids, t("blog.messages.orderSaved", "Order saved"));
  };

  const remove = (productId: number) =>
    mutateAsync({
      ...writeCall("removeProduct"),
      values: { id: post.id, productId },
      successNotification: () => ({ type: "success", message: t("blog.messages.productRemoved", "Product removed") }),
      errorNotification: failed,
    }).then(onChanged);

  return (
    <Card
      title={t("blog.titles.products", "Product ideas")}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setPickerOpen(true)}>
          {t("blog.actions.addProducts", "Add products")}
        </Button>
      }
    >
      <Table<LinkedProduct>
        size="small"
        rowKey="id"
        pagination={false}
        loading={mutation.isPending}
        dataSource={products}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("blog.messages.noProducts", "No products linked yet")} /> }}
        columns={[
          ...(products.some((p) => p.imageUrl)
            ? [
                {
                  key: "image",
                  width: 56,
                  render: (_: unknown, p: LinkedProduct) =>
                    p.imageUrl ? <img src={p.imageUrl} alt="" width={40} height={40} loading="lazy" style={{ objectFit: "cover", borderRadius: 4 }} /> : null,
                },
              ]
            : []),
          { dataIndex: "code", title: t("blog.fields.code", "Code"), width: 120 },
          { dataIndex: "name", title: t("blog.fields.productName", "Product") },
          { dataIndex: "price", title: t("blog.fields.price", "Price"), align: "end", render: (v: number) => price(v) },
          {
            key: "actions",
            title: t("blog.fields.actions", "Actions"),
            width: 140,
            render: (_, p, index) => (
              <Space size={4}>
                <Tooltip title={t("blog.actions.moveUp", "Move up")}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`${t("blog.actions.moveUp", "Move up")}: ${p.name}`}
                    disabled={index === 0 || mutation.isPending}
                    onClick={() => move(index, -1)}
                  />
                </Tooltip>
                <Tooltip title={t("blog.actions.moveDown", "Move down")}>
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`${t("blog.actions.moveDown", "Move down")}: ${p.name}`}
                    disabled={index === products.length - 1 || mutation.isPending}
                    onClick={() => move(index, 1)}
                  />
                </Tooltip>
                <Popconfirm
                  title={t("blog.messages.confirmRemoveProduct", "Remove this product from the post?")}
                  okText={t("blog.actions.remove", "Remove")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("blog.actions.cancel", "Cancel")}
                  onConfirm={() => remove(p.id)}
                >
                  <Tooltip title={t("blog.actions.remove", "Remove")}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t("blog.actions.remove", "Remove")}: ${p.name}`} />
                  </Tooltip>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {products.length > 1 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t("blog.messages.orderHint", "Readers see the products in this order.")}
        </Typography.Paragraph>
      )}
      <ProductPicker
        post={post}
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onAdd={(ids) => saveOrder([...products.map((p) => p.id), ...ids], t("blog.messages.productsAdded", "Products added"))}
      />
    </Card>
  );
}
