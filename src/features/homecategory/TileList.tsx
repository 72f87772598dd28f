import { useMemo, useState } from "react";
import { List } from "@refinedev/antd";
import { useDataProvider, useList, useTranslate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { Alert, App, Button, Empty, Flex, Skeleton, Statistic, Switch, Tag, Tooltip, Typography } from "antd";
import { HolderOutlined } from "@ant-design/icons";
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
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { CreateButton, EditButton } from "../../components/kit/buttons";
import { errorMessage } from "../../components/kit/errors";
import { formatWindow, WindowTag } from "../../components/kit/window";
import { nameIn, REST, type Tile } from "./model";
import { isShown, TileFace } from "./TileFace";
import { ON_REST, REST_PROVIDER } from "../../providers/rest";

function SortableTile({
  tile,
  index,
  name,
  busy,
  onSwitch,
}: {
  tile: Tile;
  index: number;
  name: string;
  busy: boolean;
  onSwitch(tile: Tile, active: boolean): void;
}) {
  const t = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: tile.id,
    disabled: busy,
  });
  return (
    <li
      ref={setNodeRef}
      data-tile-id={tile.id}
      className={`homecategory-tile${isDragging ? " homecategory-tile-dragging" : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <div style={{ position: "relative" }}>
        <TileFace imageUrl={tile.imageUrl} name={name} dimmed={!isShown(tile)} />
        <Button
          ref={setActivatorNodeRef}
          className="homecategory-handle"
          size="small"
          icon={<HolderOutlined />}
          aria-label={t("homecategory.list.move", { name, position: index + 1 })}
          {...attributes}
          {...listeners}
        />
      </div>
      <div className="homecategory-meta">
        <Flex wrap gap={4}>
          <WindowTag window={tile} />
          <Tag style={{ marginInlineEnd: 0 }}>{t(`homecategory.linkTypes.${tile.linkType}`)}</Tag>
        </Flex>
        {tile.linkName ? (
          <Typography.Text type="secondary">
            <span dir="auto" title={tile.linkName} className="homecategory-clip">
              {tile.linkName}
            </span>
          </Typography.Text>
        ) : (
          <Typography.Text type="danger">{t("homecategory.list.linkGone")}</Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatWindow(tile, t("kit.window.noEnd"))}
        </Typography.Text>
        <Flex justify="space-between" align="center" gap={8}>
          <Tooltip title={t("homecategory.fields.active")}>
            <Switch
              size="small"
              checked={tile.active}
              disabled={busy}
              aria-label={`${t("homecategory.fields.active")}: ${name}`}
              onChange={(on) => onSwitch(tile, on)}
            />
          </Tooltip>
          <EditButton
            hideText
            size="small"
            resource="homecategory"
            recordItemId={tile.id}
            aria-label={`${t("buttons.edit")}: ${name}`}
          />
        </Flex>
      </div>
    </li>
  );
}

/**
 * The home page's category tiles as the home page draws them, in the reader's language, in their order.
 * A tile is dragged (mouse, touch, or Space and the arrow keys on its handle) to another place: one
 * request stores the move; a failed one is undone. Each tile is switched on or off in place.
 */
export function TileList() {
  const t = useTranslate();
  const lng = useTranslation().i18n.resolvedLanguage;
  const { notification } = App.useApp();
  const rest = useDataProvider()(REST_PROVIDER);
  const { result, query } = useList<Tile>({
    resource: REST.tiles,
    ...ON_REST,
    pagination: { mode: "off" },
    errorNotification: false,
  });
  // A new read replaces the order on screen (the read last seen, kept to notice one while rendering).
  const [order, setOrder] = useState<Tile[]>(result.data);
  const [read, setRead] = useState(result.data);
  if (read !== result.data) {
    setRead(result.data);
    setOrder(result.data);
  }
  const [busy, setBusy] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const announcements = useMemo<Announcements>(() => {
    const nameOf = (id: unknown) => {
      const tile = order.find((x) => x.id === id);
      return tile ? nameIn(tile, lng) : "";
    };
    const placeOf = (id: unknown) => order.findIndex((x) => x.id === id) + 1;
    return {
      onDragStart: ({ active }) =>
        t("homecategory.announce.picked", {
          name: nameOf(active.id),
          position: placeOf(active.id),
          total: order.length,
        }),
      onDragOver: ({ active, over }) =>
        over
          ? t("homecategory.announce.over", {
              name: nameOf(active.id),
              position: placeOf(over.id),
              total: order.length,
            })
          : t("homecategory.announce.overNothing", { name: nameOf(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t("homecategory.announce.dropped", {
              name: nameOf(active.id),
              position: placeOf(over.id),
              total: order.length,
            })
          : t("homecategory.announce.cancelled", { name: nameOf(active.id), position: placeOf(active.id) }),
      onDragCancel: ({ active }) =>
        t("homecategory.announce.cancelled", { name: nameOf(active.id), position: placeOf(active.id) }),
    };
  }, [order, lng, t]);

  const failed = (e: unknown, message: string) => notification.error({ message, description: errorMessage(e) });

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const index = order.findIndex((x) => x.id === over.id);
    const before = order;
    setOrder(
      arrayMove(
        order,
        order.findIndex((x) => x.id === active.id),
        index,
      ),
    );
    setBusy(true);
    try {
      await rest.custom!({
        url: `${rest.getApiUrl()}/${REST.tiles}/${active.id}/move`,
        method: "post",
        payload: { index },
      });
      await query.refetch();
    } catch (e) {
      setOrder(before);
      failed(e, t("homecategory.list.moveFailed"));
    } finally {
      setBusy(false);
    }
  };

  const onSwitch = async (tile: Tile, active: boolean) => {
    setBusy(true);
    try {
      await rest.update({ resource: REST.tiles, id: tile.id, variables: { active } });
      await query.refetch();
      notification.success({
        message: t(active ? "homecategory.list.switchedOn" : "homecategory.list.switchedOff", {
          name: nameIn(tile, lng),
        }),
      });
    } catch (e) {
      failed(e, t("homecategory.form.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <List
      title={t("homecategory.titles.list")}
      resource="homecategory"
      headerButtons={<CreateButton resource="homecategory" type="primary" />}
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t("homecategory.list.loadFailed")}
          description={errorMessage(query.error)}
          action={<Button onClick={() => void query.refetch()}>{t("homecategory.list.retry")}</Button>}
        />
      ) : query.isLoading ? (
        <Skeleton active />
      ) : !order.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("homecategory.list.empty")}>
          <CreateButton resource="homecategory" type="primary" />
        </Empty>
      ) : (
        <>
          <Flex gap={40} wrap style={{ marginBottom: 12 }}>
            <Statistic title={t("homecategory.list.total")} value={order.length} />
            <Statistic title={t("homecategory.list.shownNow")} value={order.filter(isShown).length} />
          </Flex>
          <Typography.Paragraph type="secondary">{t("homecategory.list.hint")}</Typography.Paragraph>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t("homecategory.announce.instructions") },
            }}
          >
            <SortableContext items={order.map((x) => x.id)} strategy={rectSortingStrategy}>
              <ol className="homecategory-grid" aria-label={t("homecategory.list.order")}>
                {order.map((tile, i) => (
                  <SortableTile
                    key={tile.id}
                    tile={tile}
                    index={i}
                    name={nameIn(tile, lng)}
                    busy={busy}
                    onSwitch={onSwitch}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
    </List>
  );
}
