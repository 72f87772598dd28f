import { useState } from "react";
import { useCustom, useList, useTranslate } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Pagination,
  Select,
  Skeleton,
  Space,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import { DeleteOutlined, HolderOutlined, PlusOutlined, SaveOutlined } from "@ant-design/icons";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ClippedText } from "../../components/kit/direction";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import { SearchBox } from "../../components/kit/list";
import { Thumb } from "../../components/kit/Thumb";
import { familyOf, searchCall, useFamilyCalls, useFamilyRead, useStorefrontWrite, type FamilyAnswer } from "./family";
import { type BannerCategory, type Card, type Family, type StoreProduct } from "./model";
import "./brandshop.css";
import { ON_REST } from "../../providers/rest";

const SEARCH_PAGE = 10;
const DISCOUNTS = [10, 20, 30, 50];

/**
 * One card's detail: its name and what it shows. A product group's products are dragged into the
 * order shoppers see them, removed, or added from the shop's approved products by search.
 */
export function CardDrawer({
  family,
  shopId,
  card,
  typeName,
  onClose,
  onChanged,
  onDeleted,
}: {
  family: Family;
  shopId: number;
  card: Card;
  typeName: string;
  onClose(): void;
  onChanged(): Promise<unknown>;
  onDeleted(): Promise<unknown>;
}) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const calls = useFamilyCalls(family);
  const detail = useFamilyRead(family, "detail-card", { id: card.id, shopid: shopId });
  const { verb, busy } = useStorefrontWrite();
  const items = detail.data?.property_items ?? [];
  const refresh = () => Promise.all([detail.refetch(), onChanged()]);

  const update = (post: { add?: number[]; remove?: number[] }, message: string) =>
    verb(family, "card/detail-update", { post: { taskid: card.id, shopid: shopId, ...post } }, message).then(refresh);

  const remove = () =>
    modal.confirm({
      title: t("brandshop.card.confirmDelete", { name: card.name }),
      okText: t("buttons.delete"),
      okButtonProps: { danger: true },
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        await calls.write("columns/delete", { shopId, cardId: card.id });
        await onDeleted();
      },
    });

  return (
    <Drawer
      open
      onClose={onClose}
      width="min(720px, 100vw)"
      title={
        <Flex gap={8} align="center" wrap>
          <span dir="auto">{card.name}</span>
          <Tag>{typeName}</Tag>
        </Flex>
      }
      extra={
        <Button danger icon={<DeleteOutlined />} onClick={remove}>
          {t("brandshop.card.delete")}
        </Button>
      }
      destroyOnHidden
    >
      {detail.error ? (
        <Alert
          type="error"
          showIcon
          message={t("brandshop.card.loadFailed")}
          description={errorMessage(detail.error)}
        />
      ) : !detail.data ? (
        <Skeleton active />
      ) : (
        <>
          <CardForm family={family} shopId={shopId} card={detail.data.property} onSaved={refresh} />
          {card.type === "products" && (
            <>
              <Divider orientation="left">{t("brandshop.card.products", { count: items.length })}</Divider>
              {items.length ? (
                <ProductOrder
                  items={items}
                  busy={busy}
                  onReorder={(ids) =>
                    verb(
                      family,
                      "card/detail-orderby",
                      { shopid: shopId, task: card.id, items: ids },
                      t("brandshop.card.orderSaved"),
                    ).then(refresh)
                  }
                  onRemove={(p) => update({ remove: [p.id] }, t("brandshop.card.removed", { name: p.name }))}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("brandshop.card.noProducts")} />
              )}
              <Divider orientation="left">{t("brandshop.card.addProducts")}</Divider>
              <ProductSearch
                family={family}
                shopId={shopId}
                cardId={card.id}
                first={detail.data.property_master}
                onAdd={(ids) => update({ add: ids }, t("brandshop.card.added", { count: ids.length }))}
              />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}

function CardForm({
  family,
  shopId,
  card,
  onSaved,
}: {
  family: Family;
  shopId: number;
  card: Card;
  onSaved(): Promise<unknown>;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<{ name: string; description?: string | null; bannerCategoryId?: number | null }>();
  const { verb, busy } = useStorefrontWrite();
  const categories = useList<BannerCategory>({
    resource: "shop-banner-categories",
    ...ON_REST,
    filters: [{ field: "shopId", operator: "eq", value: shopId }],
    pagination: { pageSize: 100 },
    queryOptions: { enabled: card.type === "banner" && familyOf(family).banners },
  });
  const save = (v: { name: string; description?: string | null; bannerCategoryId?: number | null }) =>
    verb(
      family,
      "card/update",
      {
        shopId,
        card: {
          id: card.id,
          name: v.name.trim(),
          description: v.description?.trim() || null,
          ...(card.type === "banner" ? { bannerCategoryId: v.bannerCategoryId ?? null } : {}),
        },
      },
      t("brandshop.card.saved"),
    )
      .then(onSaved)
      .catch((e) => applyFieldErrors(form, e));
  return (
    <Form form={form} layout="vertical" initialValues={card} onFinish={save}>
      <Form.Item
        name="name"
        label={t("brandshop.board.cardName")}
        // A card's change requires only its id (it changes the fields sent; the server still refuses a blank name).
        rules={[{ max: 80 }]}
      >
        <Input maxLength={80} />
      </Form.Item>
      <Form.Item name="description" label={t("brandshop.fields.description")} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      {card.type === "banner" && (
        <Form.Item name="bannerCategoryId" label={t("brandshop.board.bannerCategory")}>
          <Select allowClear options={categories.result.data.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
      )}
      <Button htmlType="submit" icon={<SaveOutlined />} loading={busy}>
        {t("buttons.save")}
      </Button>
    </Form>
  );
}

function ProductRow({
  product,
  index,
  busy,
  onRemove,
}: {
  product: StoreProduct;
  index: number;
  busy: boolean;
  onRemove(p: StoreProduct): void;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: product.id,
    disabled: busy,
  });
  return (
    <li
      ref={setNodeRef}
      data-product-id={product.id}
      className="storefront-order-row"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={t("brandshop.card.moveProduct", { name: product.name, n: index + 1 })}
        style={{ cursor: "grab", touchAction: "none" }}
        {...attributes}
        {...listeners}
      />
      <Thumb url={product.imageUrl} size={40} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <ClippedText text={product.name} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {product.code} · {money(product.price)}
        </Typography.Text>
      </Flex>
      <Tooltip title={t("brandshop.card.remove")}>
        <Button
          size="small"
          danger
          type="text"
          icon={<DeleteOutlined />}
          disabled={busy}
          aria-label={`${t("brandshop.card.remove")}: ${product.name}`}
          onClick={() => onRemove(product)}
        />
      </Tooltip>
    </li>
  );
}

/** The card's products in the order shoppers see them: drag (or Space and arrow keys) to reorder. */
function ProductOrder({
  items,
  busy,
  onReorder,
  onRemove,
}: {
  items: StoreProduct[];
  busy: boolean;
  onReorder(ids: number[]): Promise<unknown>;
  onRemove(p: StoreProduct): void;
}) {
  const t = useTranslate();
  // New items replace the order on screen (the items last seen, kept to notice them while rendering).
  const [order, setOrder] = useState(items);
  const [read, setRead] = useState(items);
  if (read !== items) {
    setRead(items);
    setOrder(items);
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(
      order,
      order.findIndex((p) => p.id === active.id),
      order.findIndex((p) => p.id === over.id),
    );
    setOrder(next);
    onReorder(next.map((p) => p.id)).catch(() => setOrder(items));
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t("brandshop.card.orderHint")}</Typography.Paragraph>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order.map((p) => p.id)} strategy={verticalListSortingStrategy}>
          <ol className="storefront-order" aria-label={t("brandshop.card.productsInOrder")}>
            {order.map((p, i) => (
              <ProductRow key={p.id} product={p} index={i} busy={busy} onRemove={onRemove} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}

interface Filters {
  search?: string;
  filterbrand?: number;
  filtercatemenu?: number;
  filterpercen?: number;
}

/** The shop's approved products not on the card yet, by name, brand, category and least discount. */
function ProductSearch({
  family,
  shopId,
  cardId,
  first,
  onAdd,
}: {
  family: Family;
  shopId: number;
  cardId: number;
  first: StoreProduct[];
  onAdd(ids: number[]): Promise<unknown>;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const brands = useFamilyRead(family, "brands", {});
  const categories = useFamilyRead(family, "categories", {});
  const filtered = page > 1 || Object.values(filters).some((v) => v !== undefined && v !== "");
  const { result, query } = useCustom<FamilyAnswer<"searchproduct-card">>({
    ...searchCall(family, { taskid: cardId, shopid: shopId, ...filters, page, limit: SEARCH_PAGE }),
    queryOptions: { enabled: filtered },
  });
  const rows = filtered ? (result.data?.property_master ?? []) : first.slice(0, SEARCH_PAGE);
  const total = filtered ? (result.data?.total ?? 0) : first.length;
  // Ticked products stay ticked through a new search: a tick made while the search box waits to search is kept.
  const set = (next: Filters) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const add = async () => {
    setAdding(true);
    try {
      await onAdd(selected);
      setSelected([]);
      await query.refetch();
    } finally {
      setAdding(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8}>
        <SearchBox
          label={t("brandshop.card.searchProducts")}
          value={filters.search}
          onSearch={(search) => set({ search: search || undefined })}
          width={220}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 160 }}
          aria-label={t("brandshop.card.brand")}
          placeholder={t("brandshop.card.allBrands")}
          options={(brands.data?.items ?? []).map((b) => ({ value: b.id, label: b.name }))}
          onChange={(filterbrand?: number) => set({ filterbrand })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 170 }}
          aria-label={t("brandshop.card.category")}
          placeholder={t("brandshop.card.allCategories")}
          options={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={(filtercatemenu?: number) => set({ filtercatemenu })}
        />
        <Select
          allowClear
          style={{ width: 150 }}
          aria-label={t("brandshop.card.discount")}
          placeholder={t("brandshop.card.anyDiscount")}
          options={DISCOUNTS.map((d) => ({ value: d, label: t("brandshop.card.discountAtLeast", { percent: d }) }))}
          onChange={(filterpercen?: number) => set({ filterpercen })}
        />
      </Flex>
      <List<StoreProduct>
        loading={query.isFetching}
        bordered
        size="small"
        dataSource={rows}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(filtered ? "brandshop.card.noMatch" : "brandshop.card.noCandidates")}
            />
          ),
        }}
        renderItem={(p) => (
          <List.Item>
            <Checkbox
              checked={selected.includes(p.id)}
              onChange={(e) => setSelected((s) => (e.target.checked ? [...s, p.id] : s.filter((id) => id !== p.id)))}
              aria-label={p.name}
              style={{ marginInlineEnd: 12 }}
            />
            <Thumb url={p.imageUrl} size={40} />
            <Flex vertical style={{ flex: 1, minWidth: 0, marginInlineStart: 12 }}>
              <ClippedText text={p.name} />
              <Space size={6} wrap style={{ fontSize: 12 }}>
                <Typography.Text type="secondary">{p.brandName ?? p.code}</Typography.Text>
                <Typography.Text>{money(p.price)}</Typography.Text>
                {p.discountPercent > 0 && (
                  <Tag color="red" style={{ margin: 0 }}>
                    {t("brandshop.preview.discount", { percent: p.discountPercent })}
                  </Tag>
                )}
              </Space>
            </Flex>
          </List.Item>
        )}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        {filtered ? (
          <Pagination
            size="small"
            current={page}
            pageSize={SEARCH_PAGE}
            total={total}
            onChange={setPage}
            showSizeChanger={false}
          />
        ) : (
          <span />
        )}
        <Button type="primary" icon={<PlusOutlined />} disabled={!selected.length} loading={adding} onClick={add}>
          {t("brandshop.card.addSelected", { count: selected.length })}
        </Button>
      </Flex>
    </Flex>
  );
}
