import type { BoardAction, BoardColumn, BoardMove, BoardState } from "./types";

/**
 * The board's state changes. Untouched columns and cards keep their identity (the board memoizes on
 * it, so a move re-renders only the columns it touches); the cards map changes only when a card
 * does — a moved card that carries a `columnId` is the one card replaced.
 */

const clamp = (index: number, length: number) => Math.max(0, Math.min(Math.trunc(index), length));

/** Where a card sits: its column and 0-based place. */
export function locateCard<C extends { id: number }>(
  state: BoardState<C>,
  cardId: number,
): { columnId: number; index: number } | undefined {
  for (const columnId of state.columnOrder) {
    const index = state.columns[columnId]?.cardIds.indexOf(cardId) ?? -1;
    if (index >= 0) return { columnId, index };
  }
  return undefined;
}

/** The move that puts things back as they are now, before `move` is applied (undefined: nothing to move). */
export function undoOf<C extends { id: number }>(state: BoardState<C>, move: BoardMove): BoardMove | undefined {
  if (move.kind === "column") {
    const index = state.columnOrder.indexOf(move.columnId);
    return index < 0 ? undefined : { kind: "column", columnId: move.columnId, index };
  }
  const at = locateCard(state, move.cardId);
  return at && { kind: "card", cardId: move.cardId, toColumnId: at.columnId, index: at.index };
}

const insert = (ids: number[], id: number, index: number) => [...ids.slice(0, index), id, ...ids.slice(index)];

function withColumns<C extends { id: number }>(state: BoardState<C>, ...changed: BoardColumn[]): BoardState<C> {
  const columns = { ...state.columns };
  for (const c of changed) columns[c.id] = c;
  return { ...state, columns };
}

function moveCard<C extends { id: number }>(
  state: BoardState<C>,
  move: Extract<BoardMove, { kind: "card" }>,
): BoardState<C> {
  const from = locateCard(state, move.cardId);
  const target = state.columns[move.toColumnId];
  if (!from || !target) return state;
  const source = state.columns[from.columnId];
  const rest = source.cardIds.filter((id) => id !== move.cardId);
  if (from.columnId === move.toColumnId) {
    const index = clamp(move.index, rest.length);
    if (index === from.index) return state;
    return withColumns(state, { ...source, cardIds: insert(rest, move.cardId, index) });
  }
  const moved = withColumns(
    state,
    { ...source, cardIds: rest },
    { ...target, cardIds: insert(target.cardIds, move.cardId, clamp(move.index, target.cardIds.length)) },
  );
  const card = state.cards[move.cardId] as (C & { columnId?: unknown }) | undefined;
  if (card && "columnId" in card && card.columnId !== move.toColumnId) {
    moved.cards = { ...state.cards, [move.cardId]: { ...card, columnId: move.toColumnId } };
  }
  return moved;
}

function moveColumn<C extends { id: number }>(
  state: BoardState<C>,
  move: Extract<BoardMove, { kind: "column" }>,
): BoardState<C> {
  const from = state.columnOrder.indexOf(move.columnId);
  if (from < 0) return state;
  const rest = state.columnOrder.filter((id) => id !== move.columnId);
  const index = clamp(move.index, rest.length);
  if (index === from) return state;
  return { ...state, columnOrder: insert(rest, move.columnId, index) };
}

const without = <T>(map: Record<string, T>, ids: number[]) => {
  const out = { ...map };
  for (const id of ids) delete out[id];
  return out;
};

export function boardReducer<C extends { id: number }>(state: BoardState<C>, action: BoardAction<C>): BoardState<C> {
  switch (action.type) {
    case "load":
      return action.board;
    case "move":
      return action.move.kind === "card" ? moveCard(state, action.move) : moveColumn(state, action.move);
    case "addColumn":
      if (state.columns[action.column.id]) return state;
      return { ...withColumns(state, action.column), columnOrder: [...state.columnOrder, action.column.id] };
    case "renameColumn": {
      const column = state.columns[action.columnId];
      if (!column || column.name === action.name) return state;
      return withColumns(state, { ...column, name: action.name });
    }
    case "deleteColumn": {
      const column = state.columns[action.columnId];
      if (!column) return state;
      return {
        ...state,
        columns: without(state.columns, [column.id]),
        columnOrder: state.columnOrder.filter((id) => id !== column.id),
        cards: column.cardIds.length ? without(state.cards, column.cardIds) : state.cards,
      };
    }
    case "addCard": {
      const column = state.columns[action.columnId];
      if (!column) return state;
      const cards = { ...state.cards, [action.card.id]: action.card };
      if (column.cardIds.includes(action.card.id)) return { ...state, cards };
      return { ...withColumns(state, { ...column, cardIds: [...column.cardIds, action.card.id] }), cards };
    }
    case "updateCard":
      if (!state.cards[action.card.id] || state.cards[action.card.id] === action.card) return state;
      return { ...state, cards: { ...state.cards, [action.card.id]: action.card } };
    case "deleteCard": {
      const at = locateCard(state, action.cardId);
      if (!at && !state.cards[action.cardId]) return state;
      const next = at
        ? withColumns(state, {
            ...state.columns[at.columnId],
            cardIds: state.columns[at.columnId].cardIds.filter((id) => id !== action.cardId),
          })
        : { ...state };
      next.cards = without(state.cards, [action.cardId]);
      return next;
    }
    case "version":
      return state.version === action.version ? state : { ...state, version: action.version };
  }
}
