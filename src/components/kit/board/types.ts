/** A column of a board: its cards in order. */
export interface BoardColumn {
  id: number;
  name: string;
  cardIds: number[];
}

/**
 * A board of columns and cards. Maps are keyed by the id's string form (the storefront API's shape);
 * `version` is the server's count of changes, sent back with each move.
 */
export interface BoardState<C extends { id: number }> {
  columns: Record<string, BoardColumn>;
  columnOrder: number[];
  cards: Record<string, C>;
  version: number;
}

export type BoardMove =
  /** `index`: the card's place in the target column after the move (past the end: last). */
  | { kind: "card"; cardId: number; toColumnId: number; index: number }
  | { kind: "column"; columnId: number; index: number };

export type BoardAction<C extends { id: number }> =
  | { type: "load"; board: BoardState<C> }
  | { type: "move"; move: BoardMove }
  | { type: "addColumn"; column: BoardColumn }
  | { type: "renameColumn"; columnId: number; name: string }
  /** Removes the column, its cards and its place in the order. */
  | { type: "deleteColumn"; columnId: number }
  | { type: "addCard"; columnId: number; card: C }
  | { type: "updateCard"; card: C }
  /** Removes the card from its column and from the map. */
  | { type: "deleteCard"; cardId: number }
  | { type: "version"; version: number };
