import { memo, useCallback, useEffect, useMemo, useState } from "react";
import { useList, useNotification, useTranslate } from "@refinedev/core";
import { Alert, App, Button, Dropdown, Empty, Form, Input, Modal, Select, Skeleton, Typography } from "antd";
import {
  AppstoreOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  PictureOutlined,
  PlusOutlined,
} from "@ant-design/icons";
import { ColumnNameDialog, DragBoard, useBoard, type BoardColumn, type BoardMove } from "../../components/kit/board";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { useFamilyCalls, useFamilyRead, familyOf } from "./family";
import { CardDrawer } from "./CardDrawer";
import "./brandshop.css";
import { type BannerCategory, type Card, type CardTypeItem, type Family, type NewCard } from "./model";
import { ON_REST } from "../../providers/rest";

const NAME_MAX = 80;
/** A section (a new one with its first card) and its name; house brands' write has the same schema. */
const sectionRule = writeRules("/api/supplier/kanban/columns/update");

/**
 * A shop's storefront board: sections (columns) of product groups and banner strips (cards), arranged
 * by dragging. A move shows at once and is saved after; a failed save puts the board back.
 */
export function StoreBoard({
  family,
  shopId,
  onVersion,
}: {
  family: Family;
  shopId: number;
  onVersion(version: number): void;
}) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const calls = useFamilyCalls(family);
  // Each change says it is saved: a drop shows at once, and only this tells the user the server has it too.
  const { open: notify } = useNotification();
  const saved = useCallback((message: string) => notify?.({ type: "success", message }), [notify]);
  const { data: master } = useFamilyRead(family, "master", {});
  const [naming, setNaming] = useState<{ column?: BoardColumn } | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [open, setOpen] = useState<Card | null>(null);
  // A new section is where the user goes next (its "Add card"); without this, the closing dialog gives the focus
  // back to "Add section" at the board's end, and the board scrolls there with neither the new nor the first section
  // in sight.
  const [landOn, setLandOn] = useState<number | null>(null);
  useEffect(() => {
    if (landOn === null) return;
    const frame = requestAnimationFrame(() => {
      const column = document.querySelector(`[data-board-column="${landOn}"]`);
      column?.querySelector<HTMLElement>(".kit-board-column-footer button, .kit-board-handle")?.focus();
      column?.scrollIntoView({ block: "nearest", inline: "nearest" });
      setLandOn(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [landOn]);

  const { board, loading, error, dispatch, move, reload } = useBoard<Card>({
    load: async () => {
      const r = await calls.read("board", { shopId });
      return { ...r.board, version: r.version };
    },
    saveMove: async (m: BoardMove, version: number) => {
      const body =
        m.kind === "card"
          ? { shopId, version, columnId: m.toColumnId, index: m.index, card: m.cardId }
          : { shopId, version, columnId: m.columnId, index: m.index };
      const answer = await calls.write("card/orderby", body);
      saved(t("brandshop.board.moveSaved"));
      return answer.version;
    },
  });
  const version = board?.version;
  useEffect(() => {
    if (version !== undefined) onVersion(version);
  }, [version, onVersion]);

  // The board redraws a column only when its props change: every prop handed to it keeps its identity.
  const typeName = useCallback(
    (code: string) => t(`brandshop.cardTypes.${code}`, master?.items.find((i) => i.code === code)?.name ?? code),
    [t, master],
  );
  const deleteColumn = useCallback(
    (column: BoardColumn) =>
      modal.confirm({
        title: t("brandshop.board.confirmDeleteSection", { name: column.name }),
        content: column.cardIds.length
          ? t("brandshop.board.deleteSectionEffect", { count: column.cardIds.length })
          : undefined,
        okText: t("buttons.delete"),
        okButtonProps: { danger: true },
        cancelText: t("buttons.cancel"),
        onOk: async () => {
          await calls.write("columns/delete", { shopId, columnId: column.id });
          dispatch({ type: "deleteColumn", columnId: column.id });
          await reload();
        },
      }),
    [modal, t, calls, shopId, dispatch, reload],
  );
  const renderCard = useCallback((c: Card) => <CardFace card={c} typeName={typeName(c.type)} />, [typeName]);
  const cardLabel = useCallback((c: Card) => c.name, []);
  const columnExtra = useCallback(
    (column: BoardColumn) => (
      <Dropdown
        trigger={["click"]}
        menu={{
          items: [
            {
              key: "rename",
              icon: <EditOutlined />,
              label: t("brandshop.board.renameSection"),
              onClick: () => setNaming({ column }),
            },
            {
              key: "delete",
              icon: <DeleteOutlined />,
              danger: true,
              label: t("brandshop.board.deleteSection"),
              onClick: () => void deleteColumn(column),
            },
          ],
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t("brandshop.board.sectionActions", { name: column.name })}
        />
      </Dropdown>
    ),
    [t, deleteColumn],
  );
  const columnFooter = useCallback(
    (column: BoardColumn) => (
      <Button type="dashed" block icon={<PlusOutlined />} onClick={() => setAdding(column.id)}>
        {t("brandshop.board.addCard")}
      </Button>
    ),
    [t],
  );
  const emptyColumn = useMemo(
    () => <Typography.Text type="secondary">{t("brandshop.board.emptySection")}</Typography.Text>,
    [t],
  );
  const boardExtra = useMemo(
    () => (
      <Button icon={<PlusOutlined />} onClick={() => setNaming({})}>
        {t("brandshop.board.addSection")}
      </Button>
    ),
    [t],
  );

  if (error && !board)
    return (
      <Alert
        type="error"
        showIcon
        message={t("brandshop.board.loadFailed")}
        description={errorMessage(error)}
        action={<Button onClick={() => void reload()}>{t("errors.retry")}</Button>}
      />
    );
  if (loading || !board) return <Skeleton active />;

  return (
    <>
      {board.columnOrder.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("brandshop.board.empty")} />
      )}
      <DragBoard<Card>
        board={board}
        onMove={move}
        cardLabel={cardLabel}
        onCardOpen={setOpen}
        renderCard={renderCard}
        columnExtra={columnExtra}
        columnFooter={columnFooter}
        emptyColumn={emptyColumn}
        boardExtra={boardExtra}
      />
      {naming && (
        <ColumnNameDialog
          title={t(naming.column ? "brandshop.board.renameSection" : "brandshop.board.addSection")}
          label={t("brandshop.board.sectionName")}
          hint={t("brandshop.board.sectionNameHint")}
          initial={naming.column?.name}
          max={NAME_MAX}
          rules={sectionRule("column.name", t("brandshop.validation.nameRequired"), [
            { max: NAME_MAX, message: t("brandshop.validation.nameTooLong", { max: NAME_MAX }) },
          ])}
          onClose={() => setNaming(null)}
          onSave={async (name) => {
            const r = await calls.write(
              "columns/update",
              naming.column ? { shopId, columnId: naming.column.id, column: { name } } : { shopId, column: { name } },
            );
            // A `column` sent is answered with the section as saved.
            const column = r.column!;
            dispatch(
              naming.column
                ? { type: "renameColumn", columnId: column.id, name: column.name }
                : { type: "addColumn", column },
            );
            dispatch({ type: "version", version: r.version });
            saved(
              t(naming.column ? "brandshop.board.sectionRenamed" : "brandshop.board.sectionAdded", {
                name: column.name,
              }),
            );
            if (!naming.column) setLandOn(column.id);
            setNaming(null);
          }}
        />
      )}
      {adding !== null && (
        <CardDialog
          family={family}
          shopId={shopId}
          types={master?.items ?? []}
          onClose={() => setAdding(null)}
          onSave={async (card) => {
            await calls.write("columns/update", { shopId, columnId: adding, card });
            saved(t("brandshop.board.cardAdded", { name: card.name }));
            setAdding(null);
            await reload();
          }}
        />
      )}
      {open && (
        <CardDrawer
          family={family}
          shopId={shopId}
          card={open}
          typeName={typeName(open.type)}
          onClose={() => setOpen(null)}
          onChanged={reload}
          onDeleted={async () => {
            dispatch({ type: "deleteCard", cardId: open.id });
            setOpen(null);
            await reload();
          }}
        />
      )}
    </>
  );
}

/** A card on the board: plain markup, since a big board draws a thousand of them. */
const CardFace = memo(function CardFace({ card, typeName }: { card: Card; typeName: string }) {
  const t = useTranslate();
  const Icon = card.type === "banner" ? PictureOutlined : AppstoreOutlined;
  return (
    <div className="storefront-card-face">
      <span className="storefront-card-name">
        <Icon aria-hidden title={typeName} />
        <bdi>{card.name}</bdi>
      </span>
      {card.type === "products" && card.thumbnails.length > 0 && (
        <span className="storefront-card-thumbs">
          {card.thumbnails.map((url) => (
            <img key={url} src={url} alt="" loading="lazy" width={36} height={36} />
          ))}
        </span>
      )}
      <span className="storefront-card-meta">
        {typeName} ·{" "}
        {card.type === "banner"
          ? card.bannerCategoryName
            ? t("brandshop.board.showsCategory", { name: card.bannerCategoryName })
            : t("brandshop.board.noCategory")
          : t("brandshop.board.productCount", { count: card.productCount })}
      </span>
    </div>
  );
});

interface CardValues {
  type: Card["type"];
  name: string;
  description?: string;
  bannerCategoryId?: number;
}

/** A new card: its type from the board's master list, a name, and for a banner strip the category it shows. */
function CardDialog({
  family,
  shopId,
  types,
  onClose,
  onSave,
}: {
  family: Family;
  shopId: number;
  types: CardTypeItem[];
  onClose(): void;
  onSave(card: NewCard): Promise<void>;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<CardValues>();
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch("type", form);
  const categories = useList<BannerCategory>({
    resource: "shop-banner-categories",
    ...ON_REST,
    filters: [{ field: "shopId", operator: "eq", value: shopId }],
    pagination: { pageSize: 100 },
    queryOptions: { enabled: familyOf(family).banners },
  });
  const submit = async (v: CardValues) => {
    setBusy(true);
    try {
      await onSave({
        type: v.type,
        name: v.name.trim(),
        ...(v.description?.trim() ? { description: v.description.trim() } : {}),
        ...(v.type === "banner" && v.bannerCategoryId ? { bannerCategoryId: v.bannerCategoryId } : {}),
      });
    } catch (e) {
      applyFieldErrors(form, e, "name");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t("brandshop.board.addCard")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ type: types[0]?.code ?? "products" }} onFinish={submit}>
        <Form.Item name="type" label={t("brandshop.board.cardType")} rules={sectionRule("card.type")}>
          <Select options={types.map((i) => ({ value: i.code, label: t(`brandshop.cardTypes.${i.code}`, i.name) }))} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t("brandshop.board.cardName")}
          rules={sectionRule("card.name", t("brandshop.validation.nameRequired"), [{ max: NAME_MAX }])}
        >
          <Input maxLength={NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t("brandshop.fields.description")} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {type === "banner" && (
          <Form.Item
            name="bannerCategoryId"
            label={t("brandshop.board.bannerCategory")}
            extra={categories.result.data.length ? undefined : t("brandshop.board.noCategoriesYet")}
          >
            <Select allowClear options={categories.result.data.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
