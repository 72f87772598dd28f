import { useMemo, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Flex, Switch, Tag, Tooltip, Typography } from "antd";
import { DeleteOutlined, HolderOutlined } from "@ant-design/icons";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
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
import { useFormat } from "../../components/kit/format";
import { Thumb } from "../../components/kit/Thumb";
import { ClippedName } from "./ClippedName";
import "./homesale.css";

/** A product of a group, in the order the home page shows them; `linkId` once it is saved. */
export interface OrderRow {
  productId: number;
  linkId?: number;
  name: string;
  code: string;
  shopName: string;
  imageUrl: string | null;
  price: number;
  active: boolean;
  approvalStatus: string;
}

function Row({
  row,
  index,
  busy,
  onRemove,
  onSwitch,
}: {
  row: OrderRow;
  index: number;
  busy: boolean;
  onRemove(row: OrderRow): void;
  onSwitch?: (row: OrderRow, active: boolean) => void;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.productId,
    disabled: busy,
  });
  return (
    <li
      ref={setNodeRef}
      data-product-id={row.productId}
      className={`homesale-row${row.active ? "" : " homesale-row-off"}`}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : undefined }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={t("homesale.products.move", { name: row.name, position: index + 1 })}
        style={{ cursor: "grab", touchAction: "none" }}
        {...attributes}
        {...listeners}
      />
      <Thumb url={row.imageUrl} size={40} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <ClippedName text={row.name} />
        <Typography.Text type="secondary" className="homesale-meta" style={{ fontSize: 12 }}>
          <bdi>{row.code}</bdi> · <bdi>{row.shopName}</bdi> · <bdi>{money(row.price)}</bdi>
        </Typography.Text>
        {row.approvalStatus !== "approved" && (
          <Tag color="orange" style={{ alignSelf: "flex-start", marginTop: 2 }}>
            {t("homesale.products.notApproved")}
          </Tag>
        )}
      </Flex>
      {onSwitch && (
        <Tooltip title={t(row.active ? "homesale.products.shown" : "homesale.products.hidden")}>
          <Switch
            size="small"
            checked={row.active}
            disabled={busy}
            aria-label={`${t("homesale.products.switch")}: ${row.name}`}
            onChange={(on) => onSwitch(row, on)}
          />
        </Tooltip>
      )}
      <Tooltip title={t("homesale.products.remove")}>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          disabled={busy}
          aria-label={`${t("homesale.products.remove")}: ${row.name}`}
          onClick={() => onRemove(row)}
        />
      </Tooltip>
    </li>
  );
}

/**
 * A group's products in the order shoppers see them: dragged (mouse, touch, or Space and the arrow keys
 * on a handle) into a new order, each removed, and — once saved — switched on or off.
 */
export function LinkOrder({
  rows,
  busy,
  label,
  onReorder,
  onRemove,
  onSwitch,
}: {
  rows: OrderRow[];
  busy: boolean;
  label: string;
  onReorder(productIds: number[]): Promise<unknown>;
  onRemove(row: OrderRow): void;
  onSwitch?: (row: OrderRow, active: boolean) => void;
}) {
  const t = useTranslate();
  // New rows replace the order on screen (the rows last seen, kept to notice them while rendering).
  const [order, setOrder] = useState(rows);
  const [read, setRead] = useState(rows);
  if (read !== rows) {
    setRead(rows);
    setOrder(rows);
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useMemo<Announcements>(() => {
    const nameOf = (id: unknown) => order.find((r) => r.productId === id)?.name ?? "";
    const placeOf = (id: unknown) => order.findIndex((r) => r.productId === id) + 1;
    return {
      onDragStart: ({ active }) =>
        t("homesale.announce.picked", { name: nameOf(active.id), position: placeOf(active.id), total: order.length }),
      onDragOver: ({ active, over }) =>
        over
          ? t("homesale.announce.over", { name: nameOf(active.id), position: placeOf(over.id), total: order.length })
          : t("homesale.announce.overNothing", { name: nameOf(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t("homesale.announce.dropped", { name: nameOf(active.id), position: placeOf(over.id), total: order.length })
          : t("homesale.announce.cancelled", { name: nameOf(active.id), position: placeOf(active.id) }),
      onDragCancel: ({ active }) =>
        t("homesale.announce.cancelled", { name: nameOf(active.id), position: placeOf(active.id) }),
    };
  }, [order, t]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(
      order,
      order.findIndex((r) => r.productId === active.id),
      order.findIndex((r) => r.productId === over.id),
    );
    setOrder(next);
    onReorder(next.map((r) => r.productId)).catch(() => setOrder(rows));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("homesale.announce.instructions") } }}
    >
      <SortableContext items={order.map((r) => r.productId)} strategy={verticalListSortingStrategy}>
        <ol className="homesale-order" aria-label={label}>
          {order.map((r, i) => (
            <Row key={r.productId} row={r} index={i} busy={busy} onRemove={onRemove} onSwitch={onSwitch} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
