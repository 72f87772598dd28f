import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type JSX,
  type KeyboardEvent,
  type KeyboardEventHandler,
  type ReactNode,
} from "react";
import { useTranslate } from "@refinedev/core";
import { theme } from "antd";
import { HolderOutlined } from "@ant-design/icons";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCorners,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type DraggableSyntheticListeners,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  horizontalListSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { boardReducer, locateCard } from "./reducer";
import type { BoardColumn, BoardMove, BoardState } from "./types";
import "./board.css";

export interface DragBoardProps<C extends { id: number }> {
  board: BoardState<C>;
  /** Called once per drop that changes something. */
  onMove: (move: BoardMove) => void;
  /** A card's face. Keep it (and the other render props) stable (useCallback) so untouched columns do not re-render. */
  renderCard: (card: C) => ReactNode;
  /** The card's name in screen-reader announcements. */
  cardLabel: (card: C) => string;
  /** Click, or Enter on a focused card. */
  onCardOpen?: (card: C) => void;
  /** Header actions (rename / delete menu). */
  columnExtra?: (column: BoardColumn) => ReactNode;
  /** Under the cards, e.g. "Add card". */
  columnFooter?: (column: BoardColumn) => ReactNode;
  /** After the last column, e.g. "Add section". */
  boardExtra?: ReactNode;
  readOnly?: boolean;
  /** Shown in a column with no cards (default: the kit's "No cards yet"). */
  emptyColumn?: ReactNode;
}

// dnd-kit ids: columns and cards share one id space on the board.
const columnKey = (id: number) => `column:${id}`;
const cardKey = (id: number) => `card:${id}`;
type Ref = { kind: "column" | "card"; id: number };
const parse = (key: UniqueIdentifier | undefined | null): Ref | undefined => {
  const m = /^(column|card):(\d+)$/.exec(String(key ?? ""));
  return m ? { kind: m[1] as Ref["kind"], id: Number(m[2]) } : undefined;
};

/** Pointer and touch start a drag from the whole card or column header; the keyboard from its handle. */
function split(listeners: DraggableSyntheticListeners) {
  const { onKeyDown, ...pointer } = listeners ?? {};
  const keyboard: { onKeyDown?: KeyboardEventHandler<HTMLElement> } = onKeyDown
    ? { onKeyDown: onKeyDown as KeyboardEventHandler<HTMLElement> }
    : {};
  return { pointer, keyboard };
}

/** A card drag aims at cards (or an empty column); a column drag only at columns. */
const collisions: CollisionDetection = (args) => {
  const kind = parse(args.active.id)?.kind;
  const of = (k: Ref["kind"]) => args.droppableContainers.filter((c) => parse(c.id)?.kind === k);
  if (kind === "column") return closestCorners({ ...args, droppableContainers: of("column") });
  // The dragged card itself counts: over its own placeholder it stays where it shows.
  const hits = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  const card = hits.find((h) => parse(h.id)?.kind === "card");
  if (card) return [card];
  const column = getFirstCollision(
    hits.filter((h) => parse(h.id)?.kind === "column"),
    "id",
  );
  if (column != null) {
    // Over a column with cards: the nearest of its cards; an empty column is the target itself.
    const ids = new Set(
      (args.droppableContainers.find((c) => c.id === column)?.data.current?.cardKeys as string[] | undefined) ?? [],
    );
    if (!ids.size) return [{ id: column }];
    return closestCorners({
      ...args,
      droppableContainers: args.droppableContainers.filter((c) => ids.has(String(c.id))),
    });
  }
  return closestCorners(args);
};

const MOUSE = { activationConstraint: { distance: 5 } };
// A short press first: a swipe still scrolls the board sideways on a phone.
const TOUCH = { activationConstraint: { delay: 200, tolerance: 8 } };

/**
 * Arrow keys move by what is on the screen, so they follow the reading direction: up and down among
 * the cards of the card's column, left and right to the next column that way (its cards, or the
 * column when empty); a column goes left or right among the columns. dnd-kit's sortable getter does
 * the moving, on those candidates only (its own column would otherwise count as "to the left" of a
 * card right to left).
 */
function keyboardCoordinates<C extends { id: number }>(view: BoardState<C>): KeyboardCoordinateGetter {
  return (event, args) => {
    const ref = parse(args.active);
    const all = args.context.droppableContainers;
    const vertical = event.code === "ArrowUp" || event.code === "ArrowDown";
    let keep: (r: Ref) => boolean;
    if (ref?.kind === "column") {
      if (vertical) return undefined;
      keep = (r) => r.kind === "column";
    } else {
      const home = ref && locateCard(view, ref.id)?.columnId;
      const inHome = (r: Ref) => r.kind === "card" && locateCard(view, r.id)?.columnId === home;
      keep = vertical ? inHome : (r) => (r.kind === "column" ? r.id !== home : !inHome(r));
    }
    const candidates = all
      .getEnabled()
      .filter((c) => c.id === args.active || keep(parse(c.id) ?? { kind: "card", id: NaN }));
    // A map of dnd-kit's own class, holding the candidates only.
    const Map = all.constructor as new (entries: [UniqueIdentifier, (typeof candidates)[number]][]) => typeof all;
    const droppableContainers = new Map(candidates.map((c) => [c.id, c]));
    return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers } });
  };
}

/** Where a card would go when dropped over `over` on `view` (its column and place after the move). */
function targetOf<C extends { id: number }>(view: BoardState<C>, cardId: number, over: UniqueIdentifier | undefined) {
  const at = locateCard(view, cardId);
  const ref = parse(over);
  if (!at || !ref) return at;
  if (ref.kind === "column") {
    if (ref.id === at.columnId || !view.columns[ref.id]) return at;
    return { columnId: ref.id, index: view.columns[ref.id].cardIds.length };
  }
  const overAt = locateCard(view, ref.id);
  return overAt ?? at;
}

interface Shared<C extends { id: number }> {
  renderCard: (card: C) => ReactNode;
  columnExtra?: (column: BoardColumn) => ReactNode;
  columnFooter?: (column: BoardColumn) => ReactNode;
  emptyColumn?: ReactNode;
  readOnly?: boolean;
  /** Stable: read the latest props through a ref. */
  open?: (cardId: number) => void;
  label: (card: C) => string;
  words: Words;
}

interface Words {
  cardRole: string;
  columnRole: string;
  moveCard: (name: string) => string;
  moveColumn: (name: string) => string;
  count: (n: number) => string;
  empty: string;
}

export function DragBoard<C extends { id: number }>(props: DragBoardProps<C>): JSX.Element {
  const { board, renderCard, columnExtra, columnFooter, boardExtra, readOnly, emptyColumn } = props;
  const t = useTranslate();
  const { token } = theme.useToken();
  // The latest props and view, for handlers dnd-kit calls between renders.
  const latest = useRef(props);

  const [active, setActive] = useState<Ref>();
  // While a card is dragged over another column it shows there: the board as if moved so far.
  const [preview, setPreview] = useState<BoardMove>();
  const view = useMemo(
    () => (preview ? boardReducer(board, { type: "move", move: preview }) : board),
    [board, preview],
  );
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    latest.current = props;
    viewRef.current = view;
  });
  // The drop decided in onDragEnd, read by its announcement (dispatched right after it).
  const dropped = useRef<{ moved: boolean; columnId: number; index: number }>(undefined);
  // A click that ends a mouse drag must not open the card.
  const dragEndedAt = useRef(0);

  // Sensor options keep their identity: new ones would re-render every card (dnd-kit's context changes).
  const coordinateGetter = useCallback<KeyboardCoordinateGetter>(
    (event, args) => keyboardCoordinates(viewRef.current)(event, args),
    [],
  );
  const keyboard = useMemo(() => ({ coordinateGetter }), [coordinateGetter]);
  const sensors = useSensors(
    useSensor(MouseSensor, MOUSE),
    useSensor(TouchSensor, TOUCH),
    useSensor(KeyboardSensor, keyboard),
  );

  const words = useMemo<Words>(
    () => ({
      cardRole: t("kit.board.cardRole"),
      columnRole: t("kit.board.columnRole"),
      moveCard: (name) => t("kit.board.moveCard", { card: name }),
      moveColumn: (name) => t("kit.board.moveColumn", { column: name }),
      count: (n) => t("kit.board.cardCount", { count: n }),
      empty: t("kit.board.emptyColumn"),
    }),
    [t],
  );

  const open = useCallback((cardId: number) => {
    const { onCardOpen, board: b } = latest.current;
    if (!onCardOpen || Date.now() - dragEndedAt.current < 300) return;
    const card = b.cards[cardId];
    if (card) onCardOpen(card);
  }, []);
  const label = useCallback((card: C) => latest.current.cardLabel(card), []);
  const canOpen = Boolean(props.onCardOpen);
  const shared: Shared<C> = useMemo(
    () => ({
      renderCard,
      columnExtra,
      columnFooter,
      emptyColumn,
      readOnly,
      open: canOpen ? open : undefined,
      label,
      words,
    }),
    [renderCard, columnExtra, columnFooter, emptyColumn, readOnly, canOpen, open, label, words],
  );

  const end = () => {
    setActive(undefined);
    setPreview(undefined);
    dragEndedAt.current = Date.now();
  };

  const onDragStart = ({ active: a }: DragStartEvent) => {
    dropped.current = undefined;
    setActive(parse(a.id));
  };

  const onDragOver = ({ active: a, over }: DragOverEvent) => {
    const ref = parse(a.id);
    if (ref?.kind !== "card" || !over) return;
    const current = viewRef.current;
    const at = locateCard(current, ref.id);
    const to = targetOf(current, ref.id, over.id);
    if (!at || !to || to.columnId === at.columnId) return;
    setPreview({ kind: "card", cardId: ref.id, toColumnId: to.columnId, index: to.index });
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    const ref = parse(a.id);
    const current = viewRef.current;
    end();
    if (!ref) return;
    if (ref.kind === "column") {
      const from = board.columnOrder.indexOf(ref.id);
      const overRef = parse(over?.id);
      const overColumn = overRef?.kind === "card" ? locateCard(current, overRef.id)?.columnId : overRef?.id;
      const index = overColumn === undefined ? from : board.columnOrder.indexOf(overColumn);
      const moved = index >= 0 && index !== from;
      dropped.current = { moved, columnId: ref.id, index: moved ? index : from };
      if (moved) latest.current.onMove({ kind: "column", columnId: ref.id, index });
      return;
    }
    const at = locateCard(current, ref.id);
    const origin = locateCard(board, ref.id);
    if (!at || !origin) return;
    let index = at.index;
    const overRef = parse(over?.id);
    if (overRef?.kind === "card" && overRef.id !== ref.id) {
      const overAt = locateCard(current, overRef.id);
      if (overAt?.columnId === at.columnId) index = overAt.index;
    }
    const moved = at.columnId !== origin.columnId || index !== origin.index;
    dropped.current = { moved, columnId: at.columnId, index };
    if (moved) latest.current.onMove({ kind: "card", cardId: ref.id, toColumnId: at.columnId, index });
  };

  const announcements = useMemo<Announcements>(() => {
    const describe = (id: UniqueIdentifier) => {
      const ref = parse(id);
      const b = viewRef.current;
      if (ref?.kind === "card") {
        const card = latest.current.board.cards[ref.id];
        return { ref, name: card ? latest.current.cardLabel(card) : "" };
      }
      return { ref, name: ref ? (b.columns[ref.id]?.name ?? "") : "" };
    };
    const columnName = (id: number) => viewRef.current.columns[id]?.name ?? "";
    const total = (columnId: number) => viewRef.current.columns[columnId]?.cardIds.length ?? 0;
    const columns = () => viewRef.current.columnOrder.length;
    return {
      onDragStart: ({ active: a }) => {
        const { ref, name } = describe(a.id);
        if (ref?.kind === "column") {
          return t("kit.board.announce.pickedUpColumn", {
            column: name,
            position: viewRef.current.columnOrder.indexOf(ref.id) + 1,
            total: columns(),
          });
        }
        const at = ref && locateCard(viewRef.current, ref.id);
        return (
          at &&
          t("kit.board.announce.pickedUpCard", {
            card: name,
            column: columnName(at.columnId),
            position: at.index + 1,
            total: total(at.columnId),
          })
        );
      },
      onDragOver: ({ active: a, over }) => {
        // Over its own place (at pick-up, or once shown in a new column): already said.
        if (over?.id === a.id) return undefined;
        const { ref, name } = describe(a.id);
        if (ref?.kind === "column") {
          const overRef = parse(over?.id);
          const overColumn = overRef?.kind === "card" ? locateCard(viewRef.current, overRef.id)?.columnId : overRef?.id;
          if (overColumn === undefined) return t("kit.board.announce.columnOverNothing", { column: name });
          return t("kit.board.announce.columnOver", {
            column: name,
            position: viewRef.current.columnOrder.indexOf(overColumn) + 1,
            total: columns(),
          });
        }
        if (!ref || !over) return t("kit.board.announce.cardOverNothing", { card: name });
        const to = targetOf(viewRef.current, ref.id, over.id);
        return (
          to &&
          t("kit.board.announce.cardOver", { card: name, column: columnName(to.columnId), position: to.index + 1 })
        );
      },
      onDragEnd: ({ active: a }) => {
        const { ref, name } = describe(a.id);
        const d = dropped.current;
        if (!ref || !d) return undefined;
        if (ref.kind === "column") {
          return t(d.moved ? "kit.board.announce.columnMoved" : "kit.board.announce.columnDroppedInPlace", {
            column: name,
            position: d.index + 1,
            total: columns(),
          });
        }
        return t(d.moved ? "kit.board.announce.cardMoved" : "kit.board.announce.cardDroppedInPlace", {
          card: name,
          column: columnName(d.columnId),
          position: d.index + 1,
        });
      },
      onDragCancel: ({ active: a }) => {
        const { ref, name } = describe(a.id);
        const b = latest.current.board;
        if (ref?.kind === "column") {
          return t("kit.board.announce.columnCancelled", {
            column: name,
            position: b.columnOrder.indexOf(ref.id) + 1,
            total: b.columnOrder.length,
          });
        }
        const at = ref && locateCard(b, ref.id);
        return (
          at &&
          t("kit.board.announce.cardCancelled", {
            card: name,
            column: b.columns[at.columnId]?.name ?? "",
            position: at.index + 1,
          })
        );
      },
    };
  }, [t]);

  const columnKeys = useMemo(() => view.columnOrder.map(columnKey), [view.columnOrder]);
  const style = {
    "--kit-board-column-bg": token.colorFillQuaternary,
    "--kit-board-card-bg": token.colorBgContainer,
    "--kit-board-border": token.colorBorderSecondary,
    "--kit-board-text": token.colorText,
    "--kit-board-muted": token.colorTextSecondary,
    "--kit-board-focus": token.colorPrimary,
    "--kit-board-shadow": token.boxShadowTertiary,
    "--kit-board-radius": `${token.borderRadiusLG}px`,
  } as CSSProperties;

  const activeCard = active?.kind === "card" ? board.cards[active.id] : undefined;
  const activeColumn = active?.kind === "column" ? board.columns[active.id] : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("kit.board.instructions") } }}
    >
      <div className="kit-board" style={style} data-dragging={active ? active.kind : undefined}>
        <SortableContext items={columnKeys} strategy={horizontalListSortingStrategy} disabled={readOnly}>
          {view.columnOrder.map((id) => {
            const column = view.columns[id];
            return column ? <ColumnView key={id} column={column} cards={view.cards} shared={shared} /> : null;
          })}
        </SortableContext>
        {boardExtra !== undefined && <div className="kit-board-extra">{boardExtra}</div>}
      </div>
      <DragOverlay>
        {activeCard ? (
          <div className="kit-board-card kit-board-card-overlay" style={style}>
            <span className="kit-board-handle" aria-hidden>
              <HolderOutlined />
            </span>
            <div className="kit-board-card-body">{renderCard(activeCard)}</div>
          </div>
        ) : activeColumn ? (
          <div className="kit-board-column kit-board-column-overlay" style={style}>
            <div className="kit-board-column-header">
              <span className="kit-board-handle" aria-hidden>
                <HolderOutlined />
              </span>
              <span className="kit-board-column-name">
                <bdi>{activeColumn.name}</bdi>
              </span>
              <span className="kit-board-count">{activeColumn.cardIds.length}</span>
            </div>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

interface ColumnProps<C extends { id: number }> {
  column: BoardColumn;
  cards: Record<string, C>;
  shared: Shared<C>;
}

/** Re-renders when its column, one of its own cards or the render props change; other columns' changes pass it by. */
function sameColumn<C extends { id: number }>(a: ColumnProps<C>, b: ColumnProps<C>): boolean {
  return a.column === b.column && a.shared === b.shared && a.column.cardIds.every((id) => a.cards[id] === b.cards[id]);
}

const ColumnView = memo(function ColumnView<C extends { id: number }>({ column, cards, shared }: ColumnProps<C>) {
  const cardKeys = useMemo(() => column.cardIds.map(cardKey), [column.cardIds]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: columnKey(column.id),
    data: { cardKeys },
    disabled: shared.readOnly,
    attributes: { roleDescription: shared.words.columnRole },
  });
  const { pointer, keyboard } = split(listeners);
  const headingId = `kit-board-column-${column.id}`;
  return (
    <section
      ref={setNodeRef}
      className="kit-board-column"
      aria-labelledby={headingId}
      data-board-column={column.id}
      data-placeholder={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="kit-board-column-header" {...pointer}>
        {!shared.readOnly && (
          <button
            type="button"
            className="kit-board-handle"
            ref={setActivatorNodeRef}
            {...attributes}
            {...keyboard}
            aria-label={shared.words.moveColumn(column.name)}
          >
            <HolderOutlined />
          </button>
        )}
        <h3 className="kit-board-column-name" id={headingId}>
          <bdi>{column.name}</bdi>
        </h3>
        <span className="kit-board-count" aria-label={shared.words.count(column.cardIds.length)}>
          {column.cardIds.length}
        </span>
        {shared.columnExtra && <div className="kit-board-column-extra">{shared.columnExtra(column)}</div>}
      </div>
      <SortableContext items={cardKeys} strategy={verticalListSortingStrategy} disabled={shared.readOnly}>
        <ul className="kit-board-cards" aria-labelledby={headingId}>
          {column.cardIds.map((id) => {
            const card = cards[id];
            return card ? <CardView key={id} card={card} shared={shared} /> : null;
          })}
          {column.cardIds.length === 0 && (
            <li className="kit-board-empty">{shared.emptyColumn ?? shared.words.empty}</li>
          )}
        </ul>
      </SortableContext>
      {shared.columnFooter && <div className="kit-board-column-footer">{shared.columnFooter(column)}</div>}
    </section>
  );
}, sameColumn) as <C extends { id: number }>(props: ColumnProps<C>) => JSX.Element;

const CardView = memo(function CardView<C extends { id: number }>({ card, shared }: { card: C; shared: Shared<C> }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: cardKey(card.id),
    disabled: shared.readOnly,
    attributes: { roleDescription: shared.words.cardRole },
  });
  const { pointer, keyboard } = split(listeners);
  const face = shared.renderCard(card);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget || (e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    shared.open?.(card.id);
  };
  return (
    <li
      ref={setNodeRef}
      className="kit-board-card"
      data-board-card={card.id}
      data-placeholder={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...pointer}
    >
      {!shared.readOnly && (
        <button
          type="button"
          className="kit-board-handle"
          ref={setActivatorNodeRef}
          {...attributes}
          {...keyboard}
          aria-label={shared.words.moveCard(shared.label(card))}
        >
          <HolderOutlined />
        </button>
      )}
      {shared.open ? (
        <div
          className="kit-board-card-body"
          role="button"
          tabIndex={0}
          onClick={() => shared.open?.(card.id)}
          onKeyDown={onKeyDown}
        >
          {face}
        </div>
      ) : (
        <div className="kit-board-card-body">{face}</div>
      )}
    </li>
  );
}) as <C extends { id: number }>(props: { card: C; shared: Shared<C> }) => JSX.Element;
