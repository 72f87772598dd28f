import { useState } from "react";
import { useCreate, useDelete, useList, useTranslate } from "@refinedev/core";
import { Button, Card, Empty, Flex, Form, Input, Modal, Popconfirm, Space, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { ClippedText } from "../../components/kit/direction";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { useStorefrontWrite } from "./family";
import { ImageField } from "../../components/kit/images";
import { type Banner, type BannerCategory } from "./model";
import { ON_REST } from "../../providers/rest";

const LINK = /^(https:\/\/\S+|\/\S*)$/;
const categoryRule = writeRules("/api/v2/shop-banner-categories");
const bannerRule = writeRules("/api/v2/shop-banners");

/** A shop's banners by category; a storefront banner strip shows one category. */
export function BannersPanel({ shopId }: { shopId: number }) {
  const t = useTranslate();
  const filters = [{ field: "shopId", operator: "eq" as const, value: shopId }];
  const categories = useList<BannerCategory>({
    resource: "shop-banner-categories",
    ...ON_REST,
    filters,
    sorters: [{ field: "position", order: "asc" }],
    pagination: { pageSize: 100 },
  });
  const banners = useList<Banner>({
    resource: "shop-banners",
    ...ON_REST,
    filters,
    sorters: [{ field: "position", order: "asc" }],
    pagination: { pageSize: 100 },
  });
  const { supplierVerb, busy } = useStorefrontWrite();
  const { mutate: remove } = useDelete<Banner>();
  const [adding, setAdding] = useState<"category" | number | null>(null);
  const refresh = () => Promise.all([categories.query.refetch(), banners.query.refetch()]);

  const list = categories.result.data;
  const byCategory = (id: number) => banners.result.data.filter((b) => b.categoryId === id);
  if (!categories.query.isLoading && !list.length) {
    return (
      <>
        <Empty description={t("brandshop.banners.empty")}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding("category")}>
            {t("brandshop.banners.addCategory")}
          </Button>
        </Empty>
        {adding === "category" && <CategoryDialog shopId={shopId} onClose={() => setAdding(null)} onDone={refresh} />}
      </>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t("brandshop.banners.hint")}</Typography.Text>
        <Button icon={<PlusOutlined />} onClick={() => setAdding("category")}>
          {t("brandshop.banners.addCategory")}
        </Button>
      </Flex>
      {list.map((c) => {
        const items = byCategory(c.id);
        return (
          <Card
            key={c.id}
            size="small"
            loading={banners.query.isLoading}
            title={<span dir="auto">{c.name}</span>}
            extra={
              <Space wrap>
                <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(c.id)}>
                  {t("brandshop.banners.add")}
                </Button>
                <Popconfirm
                  title={t("brandshop.banners.confirmDeleteCategory", { name: c.name })}
                  description={t("brandshop.banners.deleteCategoryEffect", { count: items.length })}
                  okText={t("buttons.delete")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() =>
                    supplierVerb(
                      "deleteBannerCategory",
                      { entityid: c.id, shopId },
                      t("brandshop.banners.categoryDeleted"),
                    ).then(refresh)
                  }
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    loading={busy}
                    aria-label={`${t("buttons.delete")}: ${c.name}`}
                  />
                </Popconfirm>
              </Space>
            }
          >
            {items.length ? (
              <Flex gap={12} wrap>
                {items.map((b) => (
                  <figure key={b.id} style={{ margin: 0, width: 240, maxWidth: "100%" }}>
                    <img
                      src={b.imageUrl}
                      alt={b.title}
                      style={{ width: "100%", aspectRatio: "3 / 1", objectFit: "cover", borderRadius: 6 }}
                    />
                    <Flex justify="space-between" align="center" gap={4}>
                      <figcaption style={{ minWidth: 0 }}>
                        <ClippedText text={b.title} />
                      </figcaption>
                      <Popconfirm
                        title={t("brandshop.banners.confirmDelete", { name: b.title })}
                        okText={t("buttons.delete")}
                        okButtonProps={{ danger: true }}
                        cancelText={t("buttons.cancel")}
                        onConfirm={() =>
                          remove(
                            {
                              resource: "shop-banners",
                              id: b.id,
                              ...ON_REST,
                              successNotification: () => ({ type: "success", message: t("brandshop.banners.deleted") }),
                            },
                            { onSuccess: () => void refresh() },
                          )
                        }
                      >
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`${t("buttons.delete")}: ${b.title}`}
                        />
                      </Popconfirm>
                    </Flex>
                  </figure>
                ))}
              </Flex>
            ) : (
              <Typography.Text type="secondary">{t("brandshop.banners.noneInCategory")}</Typography.Text>
            )}
          </Card>
        );
      })}
      {adding === "category" && <CategoryDialog shopId={shopId} onClose={() => setAdding(null)} onDone={refresh} />}
      {typeof adding === "number" && (
        <BannerDialog
          shopId={shopId}
          categoryId={adding}
          position={byCategory(adding).length}
          onClose={() => setAdding(null)}
          onDone={refresh}
        />
      )}
    </Flex>
  );
}

function CategoryDialog({ shopId, onClose, onDone }: { shopId: number; onClose(): void; onDone(): unknown }) {
  const t = useTranslate();
  const [form] = Form.useForm<{ name: string }>();
  const { mutateAsync, mutation } = useCreate();
  const save = (name: string) =>
    mutateAsync({
      resource: "shop-banner-categories",
      ...ON_REST,
      values: { shopId, name, position: 0 },
      successNotification: () => ({ type: "success", message: t("brandshop.banners.categoryAdded") }),
      errorNotification: false,
    })
      .then(() => {
        onClose();
        return onDone();
      })
      .catch((e) => applyFieldErrors(form, e, "name"));
  return (
    <Modal
      open
      title={t("brandshop.banners.addCategory")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => save(v.name.trim())}>
        <Form.Item
          name="name"
          label={t("brandshop.banners.categoryName")}
          rules={categoryRule("name", t("brandshop.validation.nameRequired"), [{ max: 60 }])}
        >
          <Input maxLength={60} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function BannerDialog({
  shopId,
  categoryId,
  position,
  onClose,
  onDone,
}: {
  shopId: number;
  categoryId: number;
  position: number;
  onClose(): void;
  onDone(): unknown;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<{ title: string; imageUrl: string; link?: string }>();
  const { mutateAsync, mutation } = useCreate();
  const [failure, setFailure] = useState<string | null>(null);
  const save = (v: { title: string; imageUrl: string; link?: string }) =>
    mutateAsync({
      resource: "shop-banners",
      ...ON_REST,
      values: {
        shopId,
        categoryId,
        title: v.title.trim(),
        imageUrl: v.imageUrl,
        link: v.link?.trim() || null,
        position,
      },
      successNotification: () => ({ type: "success", message: t("brandshop.banners.added") }),
      errorNotification: false,
    })
      .then(() => {
        onClose();
        return onDone();
      })
      .catch((e) => {
        if (!applyFieldErrors(form, e)) setFailure(errorMessage(e));
      });
  return (
    <Modal
      open
      title={t("brandshop.banners.add")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="imageUrl"
          label={t("brandshop.banners.image")}
          extra={t("brandshop.banners.imageHint")}
          rules={bannerRule("imageUrl", t("brandshop.validation.imageRequired"))}
        >
          <ImageField label={t("brandshop.banners.image")} shape="wide" optional={false} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t("brandshop.banners.title")}
          rules={bannerRule("title", t("brandshop.validation.titleRequired"), [{ max: 80 }])}
        >
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item
          name="link"
          label={t("brandshop.banners.link")}
          rules={[{ pattern: LINK, message: t("brandshop.validation.link") }]}
        >
          <Input dir="ltr" placeholder="https://" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
