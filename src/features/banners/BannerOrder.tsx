import { useMemo, useRef, useState, type CSSProperties } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Popconfirm, Switch, Tooltip, Typography, theme } from "antd";
import { ClockCircleOutlined, DeleteOutlined, HolderOutlined, LinkOutlined } from "@ant-design/icons";
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
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
import { WindowTag, formatWindow } from "../../components/kit/window";
import type { Banner, BannerType } from "./model";
import { isolated } from "./hooks";

const MOUSE = { activationConstraint: { distance: 5 } };
// A short press first, so a swipe still scrolls the page on a phone.
const TOUCH = { activationConstraint: { delay: 200, tolerance: 8 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };
const THUMB_HEIGHT = 64;
const THUMB_WIDTH = 200;

interface RowProps {
  banner: Banner;
  index: number;
  total: number;
  type: BannerType;
  sortable: boolean;
  onToggle(b: Banner, active: boolean): Promise<unknown>;
  onWindow(b: Banner): void;
  onDelete(b: Banner): Promise<unknown>;
}

function BannerRow({ banner: b, index, total, type, sortable, onToggle, onWindow, onDelete }: RowProps) {
  const t = useTranslate();
  const [switching, setSwitching] = useState(false);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: b.id,
    disabled: !sortable,
  });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    zIndex: isDragging ? 1 : undefined,
    boxShadow: isDragging ? "0 6px 16px rgba(0,0,0,0.18)" : undefined,
  };
  // The whole image, at most 200 px wide and 64 px high.
  const thumbWidth = Math.min(THUMB_WIDTH, Math.round((THUMB_HEIGHT * type.width) / type.height));
  const thumbHeight = Math.round((thumbWidth * type.height) / type.width);
  return (
    <li ref={setNodeRef} className="banners-row" data-banner-id={b.id} style={style}>
      {sortable && (
        <Button
          ref={setActivatorNodeRef}
          type="text"
          icon={<HolderOutlined />}
          className="banners-handle"
          aria-label={t("banners.actions.move", { title: b.title, position: index + 1, total })}
          {...attributes}
          {...listeners}
        />
      )}
      <span className="banners-position" aria-hidden>
        {index + 1}
      </span>
      <a
        href={b.imageUrl}
        target="_blank"
        rel="noreferrer"
        className="banners-thumb"
        style={{ width: thumbWidth, height: thumbHeight }}
      >
        <img
          src={b.imageUrl}
          alt={t("banners.fields.imageOf", { title: b.title })}
          width={thumbWidth}
          height={thumbHeight}
          loading="lazy"
        />
      </a>
      <div className="banners-row-main">
        <Typography.Text strong className="banners-title">
          <bdi>{b.title}</bdi>
        </Typography.Text>
        <Typography.Text type="secondary" className="banners-line">
          <LinkOutlined aria-hidden /> {b.link ? <bdi dir="ltr">{b.link}</bdi> : t("banners.noLink")}
        </Typography.Text>
        <Typography.Text type="secondary" className="banners-line">
          <ClockCircleOutlined aria-hidden /> <bdi>{formatWindow(b, t("kit.window.noEnd"))}</bdi>
        </Typography.Text>
      </div>
      <div className="banners-row-actions">
        <WindowTag window={b} />
        <Switch
          checked={b.active}
          loading={switching}
          aria-label={t("banners.actions.switch", { title: b.title })}
          onChange={(active) => {
            setSwitching(true);
            void onToggle(b, active).finally(() => setSwitching(false));
          }}
        />
        <Tooltip title={t("banners.actions.window")}>
          <Button
            icon={<ClockCircleOutlined />}
            aria-label={`${t("banners.actions.window")}: ${b.title}`}
            onClick={() => onWindow(b)}
          />
        </Tooltip>
        <Popconfirm
          title={t("banners.confirmDelete", { title: isolated(b.title) })}
          description={t("banners.deleteEffect")}
          okText={t("buttons.delete")}
          okButtonProps={{ danger: true }}
          cancelText={t("buttons.cancel")}
          onConfirm={() => onDelete(b)}
        >
          <Button danger icon={<DeleteOutlined />} aria-label={`${t("buttons.delete")}: ${b.title}`} />
        </Popconfirm>
      </div>
    </li>
  );
}

/**
 * A page's banners in the order shoppers see them. Drag a row by its handle with the mouse, a finger
 * (press and hold) or the keyboard (Space, the arrow keys, Space): each drop sends the whole new order once.
 */
export function BannerOrder({
  items,
  type,
  sortable,
  onReorder,
  ...row
}: {
  items: Banner[];
  type: BannerType;
  sortable: boolean;
  onReorder(next: Banner[]): Promise<unknown>;
} & Pick<RowProps, "onToggle" | "onWindow" | "onDelete">) {
  const t = useTranslate();
  const { token } = theme.useToken();
  const sensors = useSensors(
    useSensor(MouseSensor, MOUSE),
    useSensor(TouchSensor, TOUCH),
    useSensor(KeyboardSensor, KEYBOARD),
  );

  // Where the dragged banner was last said to be: dnd-kit reports it over its own place at pick-up, already said then.
  const lastOver = useRef<UniqueIdentifier>(undefined);
  const announcements = useMemo<Announcements>(() => {
    const title = (id: UniqueIdentifier) => items.find((b) => b.id === id)?.title ?? "";
    const at = (id: UniqueIdentifier | undefined) => items.findIndex((b) => b.id === id) + 1;
    const total = items.length;
    return {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return t("banners.announce.pickedUp", { title: title(active.id), position: at(active.id), total });
      },
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return t("banners.announce.over", { title: title(active.id), position: at(over.id), total });
      },
      onDragEnd: ({ active, over }) =>
        t("banners.announce.dropped", { title: title(active.id), position: at(over?.id ?? active.id), total }),
      onDragCancel: ({ active }) =>
        t("banners.announce.cancelled", { title: title(active.id), position: at(active.id), total }),
    };
  }, [items, t]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((b) => b.id === active.id);
    const to = items.findIndex((b) => b.id === over.id);
    void onReorder(arrayMove(items, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("banners.announce.instructions") } }}
    >
      <SortableContext items={items.map((b) => b.id)} strategy={verticalListSortingStrategy} disabled={!sortable}>
        <ol
          className="banners-list"
          aria-label={t("banners.listLabel")}
          style={
            {
              "--banners-row-bg": token.colorBgContainer,
              "--banners-border": token.colorBorderSecondary,
            } as CSSProperties
          }
        >
          {items.map((b, i) => (
            <BannerRow key={b.id} banner={b} index={i} total={items.length} type={type} sortable={sortable} {...row} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
