import { createContext, useContext, useMemo, useState, type HTMLAttributes } from "react";
import { useCustom, useTranslate } from "@refinedev/core";
import { Button, Card, Empty, Input, Modal, Popconfirm, Table, Tooltip, Typography } from "antd";
import { DeleteOutlined, HolderOutlined, PlusOutlined } from "@ant-design/icons";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { blogConfig, type BlogKind, type LinkedProduct, type ProductPage } from "./model";
import { useFormat } from "../../components/kit/format";
import { Thumb } from "../../components/kit/Thumb";

const PICKER_PAGE_SIZE = 8;

function ProductPicker(props: {
  blog: BlogKind;
  shopId: number;
  linked: LinkedProduct[];
  open: boolean;
  onClose: () => void;
  onAdd: (products: LinkedProduct[]) => Promise<unknown> | void;
}) {
  const t = useTranslate();
  const { money: price } = useFormat();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  // Picked rows by id, kept across the picker's pages.
  const [picked, setPicked] = useState<Map<number, LinkedProduct>>(new Map());
  const [saving, setSaving] = useState(false);
  const linked = new Set(props.linked.map((p) => p.id));

  const { result, query } = useCustom<ProductPage>({
    ...blogConfig(props.blog).calls.readCall("products"),
    config: { query: { shopId: props.shopId, search: search || undefined, page, limit: PICKER_PAGE_SIZE } },
    queryOptions: { enabled: props.open },
  });

  const close = () => {
    setPicked(new Map());
    props.onClose();
  };

  return (
    <Modal
      open={props.open}
      title={t("blogs.titles.addProducts", "Add products")}
      okText={t("blogs.actions.addSelected", { count: picked.size }, `Add ${picked.size}`)}
      cancelText={t("buttons.cancel")}
      okButtonProps={{ disabled: picked.size === 0, loading: saving }}
      onCancel={close}
      onOk={async () => {
        setSaving(true);
        try {
          await props.onAdd([...picked.values()]);
          close();
        } catch {
          // The error toast says why; the picker stays open with its choice.
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
        aria-label={t("blogs.fields.searchProducts", "Search products")}
        placeholder={t("blogs.fields.searchProducts", "Search products")}
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
          selectedRowKeys: [...picked.keys()],
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => {
            const next = new Map<number, LinkedProduct>();
            for (const key of keys as number[]) {
              const row = rows.find((r) => r?.id === key) ?? picked.get(key);
              if (row) next.set(key, row);
            }
            setPicked(next);
          },
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
          { dataIndex: "code", title: t("blogs.fields.code", "Code"), width: 120 },
          {
            dataIndex: "name",
            title: t("blogs.fields.productName", "Product"),
            render: (name: string) => <bdi>{name}</bdi>,
          },
          {
            dataIndex: "price",
            title: t("blogs.fields.price", "Price"),
            align: "end",
            render: (v: number) => price(v),
          },
        ]}
      />
    </Modal>
  );
}

/** The drag handle of a row: the row's sortable listeners and attributes, handed down by the row. */
const HandleContext = createContext<Pick<
  ReturnType<typeof useSortable>,
  "attributes" | "listeners" | "setActivatorNodeRef"
> | null>(null);

function DragHandle({ label, disabled }: { label: string; disabled: boolean }) {
  const handle = useContext(HandleContext);
  return (
    <Button
      ref={handle?.setActivatorNodeRef}
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={label}
      disabled={disabled}
      style={{ cursor: disabled ? undefined : "grab", touchAction: "none" }}
      {...handle?.attributes}
      {...handle?.listeners}
    />
  );
}

/** A table row that moves while dragged; antd hands it the row's key. */
function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { "data-row-key": number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props["data-row-key"],
  });
  const handle = useMemo(
    () => ({ attributes, listeners, setActivatorNodeRef }),
    [attributes, listeners, setActivatorNodeRef],
  );
  const style = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: "relative" as const, zIndex: 2, opacity: 0.85 } : {}),
  };
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

interface ProductIdeasProps {
  blog: BlogKind;
  /** The shop whose products may be picked; until one is chosen nothing can be added. */
  shopId?: number;
  products: LinkedProduct[];
  busy?: boolean;
  onAdd(products: LinkedProduct[]): Promise<unknown> | void;
  onReorder(ids: number[]): Promise<unknown> | void;
  onRemove(product: LinkedProduct): Promise<unknown> | void;
}

/** A post's product ideas in the order readers see them: drag (or Space and the arrow keys) to reorder, remove, add from the shop's catalogue. */
export function ProductIdeas({ blog, shopId, products, busy = false, onAdd, onReorder, onRemove }: ProductIdeasProps) {
  const t = useTranslate();
  const { money: price } = useFormat();
  const [pickerOpen, setPickerOpen] = useState(false);
  // Shown at once when dropped; back to the last saved order when the save fails. New products replace it (the
  // products last seen, kept to notice them while rendering).
  const [order, setOrder] = useState(products);
  const [read, setRead] = useState(products);
  if (read !== products) {
    setRead(products);
    setOrder(products);
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
    Promise.resolve(onReorder(next.map((p) => p.id))).catch(() => setOrder(products));
  };

  const announcements = useMemo<Announcements>(() => {
    const name = (id: UniqueIdentifier) => order.find((p) => p.id === id)?.name ?? "";
    const position = (id: UniqueIdentifier) => order.findIndex((p) => p.id === id) + 1;
    return {
      onDragStart: ({ active }) =>
        t("blogs.dnd.pickedUp", { name: name(active.id), position: position(active.id), total: order.length }),
      // Over its own place (at pick-up): already said.
      onDragOver: ({ active, over }) =>
        over && over.id !== active.id
          ? t("blogs.dnd.over", { name: name(active.id), position: position(over.id), total: order.length })
          : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t("blogs.dnd.dropped", { name: name(active.id), position: position(over.id), total: order.length })
          : undefined,
      onDragCancel: ({ active }) => t("blogs.dnd.cancelled", { name: name(active.id), position: position(active.id) }),
    };
  }, [order, t]);

  const addButton = (
    <Button icon={<PlusOutlined />} disabled={!shopId || busy} onClick={() => setPickerOpen(true)}>
      {t("blogs.actions.addProducts", "Add products")}
    </Button>
  );

  return (
    <Card
      size="small"
      className="blog-ideas"
      title={t("blogs.titles.products", "Product ideas")}
      extra={
        shopId ? addButton : <Tooltip title={t("blogs.messages.shopFirst", "Choose a shop first")}>{addButton}</Tooltip>
      }
    >
      {order.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t("blogs.messages.noProducts", "No products linked yet")}
        />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t("blogs.dnd.instructions") } }}
        >
          <SortableContext items={order.map((p) => p.id)} strategy={verticalListSortingStrategy} disabled={busy}>
            <Table<LinkedProduct>
              size="small"
              rowKey="id"
              pagination={false}
              loading={busy}
              dataSource={order}
              components={{ body: { row: SortableRow } }}
              columns={[
                {
                  key: "move",
                  width: 40,
                  render: (_, p, index) => (
                    <DragHandle
                      disabled={busy}
                      label={t(
                        "blogs.actions.moveProduct",
                        { name: p.name, position: index + 1 },
                        `Move ${p.name} (position ${index + 1})`,
                      )}
                    />
                  ),
                },
                { key: "image", width: 56, responsive: ["sm"], render: (_, p) => <Thumb url={p.imageUrl} size={40} /> },
                {
                  dataIndex: "name",
                  title: t("blogs.fields.productName", "Product"),
                  render: (name: string, p) => (
                    <>
                      <bdi>{name}</bdi>
                      <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                        {p.code}
                      </Typography.Text>
                    </>
                  ),
                },
                {
                  dataIndex: "price",
                  title: t("blogs.fields.price", "Price"),
                  align: "end",
                  width: 104,
                  render: (v: number) => price(v),
                },
                {
                  key: "remove",
                  width: 56,
                  render: (_, p) => (
                    <Popconfirm
                      title={t("blogs.messages.confirmRemoveProduct", "Remove this product from the post?")}
                      okText={t("blogs.actions.remove", "Remove")}
                      okButtonProps={{ danger: true }}
                      cancelText={t("buttons.cancel")}
                      // A failure is told by its toast; the product stays in the list.
                      onConfirm={() => Promise.resolve(onRemove(p)).catch(() => undefined)}
                    >
                      <Tooltip title={t("blogs.actions.remove", "Remove")}>
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          disabled={busy}
                          aria-label={`${t("blogs.actions.remove", "Remove")}: ${p.name}`}
                        />
                      </Tooltip>
                    </Popconfirm>
                  ),
                },
              ]}
            />
          </SortableContext>
        </DndContext>
      )}
      {order.length > 1 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t("blogs.messages.orderHint", "Readers see the products in this order.")}
        </Typography.Paragraph>
      )}
      {shopId && (
        <ProductPicker
          blog={blog}
          shopId={shopId}
          linked={order}
          open={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onAdd={onAdd}
        />
      )}
    </Card>
  );
}
