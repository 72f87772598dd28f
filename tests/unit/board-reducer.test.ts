import { createElement, type ReactNode } from "react";
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Refine, type DataProvider } from "@refinedev/core";
import en from "../../public/locales/en/kit.json";
import { boardReducer, useBoard, type BoardMove, type BoardState } from "../../src/components/kit/board";
import { englishFrom } from "./helpers";

type Card = { id: number; name: string };
type Placed = Card & { columnId: number };

/** Columns 1..n holding the given card ids; cards named c<id>. */
function boardOf(layout: Record<number, number[]>, version = 1): BoardState<Card> {
  const columns: BoardState<Card>["columns"] = {};
  const cards: BoardState<Card>["cards"] = {};
  for (const [id, cardIds] of Object.entries(layout)) {
    columns[id] = { id: Number(id), name: `Column ${id}`, cardIds };
    for (const c of cardIds) cards[c] = { id: c, name: `c${c}` };
  }
  return { columns, columnOrder: Object.keys(layout).map(Number), cards, version };
}

const layoutOf = (b: BoardState<{ id: number }>) =>
  Object.fromEntries(b.columnOrder.map((id) => [id, b.columns[id].cardIds]));
const move = <C extends { id: number }>(b: BoardState<C>, m: BoardMove) => boardReducer(b, { type: "move", move: m });

describe("boardReducer", () => {
  const start = () => boardOf({ 1: [10, 11, 12], 2: [20, 21], 3: [] });

  it("moves a card within its column, down and up; the other columns and the cards map keep their identity", () => {
    const b = start();
    const down = move(b, { kind: "card", cardId: 10, toColumnId: 1, index: 2 });
    expect(layoutOf(down)).toEqual({ 1: [11, 12, 10], 2: [20, 21], 3: [] });
    expect(down.columns[2]).toBe(b.columns[2]);
    expect(down.columns[3]).toBe(b.columns[3]);
    expect(down.cards).toBe(b.cards);
    expect(down.columnOrder).toBe(b.columnOrder);
    const up = move(down, { kind: "card", cardId: 12, toColumnId: 1, index: 0 });
    expect(layoutOf(up)).toEqual({ 1: [12, 11, 10], 2: [20, 21], 3: [] });
  });

  it("moves a card to another column and to an empty one; only those two columns change", () => {
    const b = start();
    const across = move(b, { kind: "card", cardId: 11, toColumnId: 2, index: 1 });
    expect(layoutOf(across)).toEqual({ 1: [10, 12], 2: [20, 11, 21], 3: [] });
    expect(across.columns[3]).toBe(b.columns[3]);
    expect(across.cards).toBe(b.cards);
    const empty = move(across, { kind: "card", cardId: 20, toColumnId: 3, index: 0 });
    expect(layoutOf(empty)).toEqual({ 1: [10, 12], 2: [11, 21], 3: [20] });
    expect(empty.columns[1]).toBe(across.columns[1]);
  });

  it("clamps an out-of-range index: past the end goes last, below zero goes first", () => {
    const b = start();
    expect(layoutOf(move(b, { kind: "card", cardId: 10, toColumnId: 2, index: 99 }))[2]).toEqual([20, 21, 10]);
    expect(layoutOf(move(b, { kind: "card", cardId: 10, toColumnId: 1, index: 99 }))[1]).toEqual([11, 12, 10]);
    expect(layoutOf(move(b, { kind: "card", cardId: 21, toColumnId: 1, index: -3 }))[1]).toEqual([21, 10, 11, 12]);
    expect(move(b, { kind: "column", columnId: 1, index: 99 }).columnOrder).toEqual([2, 3, 1]);
  });

  it("moves columns; columns and cards keep their identity", () => {
    const b = start();
    const moved = move(b, { kind: "column", columnId: 3, index: 0 });
    expect(moved.columnOrder).toEqual([3, 1, 2]);
    expect(moved.columns).toBe(b.columns);
    expect(moved.cards).toBe(b.cards);
    expect(move(moved, { kind: "column", columnId: 3, index: 1 }).columnOrder).toEqual([1, 3, 2]);
  });

  it("answers the same state for a move that changes nothing or names nothing", () => {
    const b = start();
    expect(move(b, { kind: "card", cardId: 11, toColumnId: 1, index: 1 })).toBe(b);
    expect(move(b, { kind: "card", cardId: 99, toColumnId: 1, index: 0 })).toBe(b);
    expect(move(b, { kind: "card", cardId: 10, toColumnId: 99, index: 0 })).toBe(b);
    expect(move(b, { kind: "column", columnId: 2, index: 1 })).toBe(b);
    expect(move(b, { kind: "column", columnId: 99, index: 0 })).toBe(b);
  });

  it("replaces only the moved card when cards carry their columnId", () => {
    const plain = boardOf({ 1: [10, 11], 2: [20] });
    const b: BoardState<Placed> = {
      ...plain,
      cards: Object.fromEntries(Object.values(plain.cards).map((c) => [c.id, { ...c, columnId: c.id < 20 ? 1 : 2 }])),
    };
    const moved = move(b, { kind: "card", cardId: 11, toColumnId: 2, index: 0 });
    expect(moved.cards[11]).toEqual({ id: 11, name: "c11", columnId: 2 });
    expect(moved.cards[10]).toBe(b.cards[10]);
    expect(moved.cards[20]).toBe(b.cards[20]);
    // Within its own column the card is unchanged, and so is the map.
    expect(move(b, { kind: "card", cardId: 10, toColumnId: 1, index: 1 }).cards).toBe(b.cards);
  });

  it("deleteColumn removes its cards and its place; nothing else changes", () => {
    const b = start();
    const next = boardReducer(b, { type: "deleteColumn", columnId: 1 });
    expect(next.columnOrder).toEqual([2, 3]);
    expect(Object.keys(next.columns).sort()).toEqual(["2", "3"]);
    expect(Object.keys(next.cards).sort()).toEqual(["20", "21"]);
    expect(next.columns[2]).toBe(b.columns[2]);
    expect(next.cards[20]).toBe(b.cards[20]);
    expect(boardReducer(b, { type: "deleteColumn", columnId: 99 })).toBe(b);
    // An empty column leaves the cards map as it was.
    expect(boardReducer(b, { type: "deleteColumn", columnId: 3 }).cards).toBe(b.cards);
  });

  it("deleteCard removes it from its column and the map; nothing else changes", () => {
    const b = start();
    const next = boardReducer(b, { type: "deleteCard", cardId: 11 });
    expect(layoutOf(next)).toEqual({ 1: [10, 12], 2: [20, 21], 3: [] });
    expect(next.cards[11]).toBeUndefined();
    expect(Object.keys(next.cards).length).toBe(Object.keys(b.cards).length - 1);
    expect(next.cards[10]).toBe(b.cards[10]);
    expect(next.columns[2]).toBe(b.columns[2]);
    expect(next.columnOrder).toBe(b.columnOrder);
    expect(next.version).toBe(b.version);
    expect(boardReducer(b, { type: "deleteCard", cardId: 99 })).toBe(b);
  });

  it("adds, renames and updates; sets the version", () => {
    const b = start();
    const added = boardReducer(b, { type: "addColumn", column: { id: 4, name: "Later", cardIds: [] } });
    expect(added.columnOrder).toEqual([1, 2, 3, 4]);
    expect(boardReducer(added, { type: "addColumn", column: { id: 4, name: "Again", cardIds: [] } })).toBe(added);
    const renamed = boardReducer(added, { type: "renameColumn", columnId: 4, name: "Soon" });
    expect(renamed.columns[4].name).toBe("Soon");
    expect(renamed.columns[1]).toBe(b.columns[1]);
    const withCard = boardReducer(renamed, { type: "addCard", columnId: 4, card: { id: 40, name: "new" } });
    expect(withCard.columns[4].cardIds).toEqual([40]);
    expect(withCard.cards[40]).toEqual({ id: 40, name: "new" });
    const updated = boardReducer(withCard, { type: "updateCard", card: { id: 40, name: "renamed" } });
    expect(updated.cards[40].name).toBe("renamed");
    expect(updated.columns).toBe(withCard.columns);
    expect(boardReducer(updated, { type: "updateCard", card: { id: 77, name: "ghost" } })).toBe(updated);
    expect(boardReducer(updated, { type: "version", version: 9 }).version).toBe(9);
    expect(boardReducer(b, { type: "load", board: boardOf({ 5: [] }) }).columnOrder).toEqual([5]);
  });
});

describe("useBoard: saving moves", () => {
  const setup = (load: () => Promise<BoardState<Card>>, saveMove: (m: BoardMove, v: number) => Promise<number>) => {
    const notify = { open: vi.fn(), close: vi.fn() };
    const dataProvider = {} as DataProvider;
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(
        Refine,
        {
          dataProvider,
          i18nProvider: englishFrom(en),
          notificationProvider: notify,
          options: { disableTelemetry: true },
        },
        children,
      );
    const hook = renderHook(() => useBoard<Card>({ load, saveMove }), { wrapper });
    return { ...hook, notify };
  };
  /** A promise settled from the test. */
  const later = <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it("shows a move at once and saves it with the board's version; the answer becomes the version", async () => {
    const save = later<number>();
    const saveMove = vi.fn(() => save.promise);
    const { result } = setup(async () => boardOf({ 1: [10, 11], 2: [] }, 4), saveMove);
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.move({ kind: "card", cardId: 10, toColumnId: 2, index: 0 }));
    expect(layoutOf(result.current.board!)).toEqual({ 1: [11], 2: [10] });
    expect(result.current.saving).toBe(true);
    expect(saveMove).toHaveBeenCalledWith({ kind: "card", cardId: 10, toColumnId: 2, index: 0 }, 4);
    await act(async () => save.resolve(5));
    expect(result.current.board!.version).toBe(5);
    expect(result.current.saving).toBe(false);
    // A move that changes nothing is not sent.
    act(() => result.current.move({ kind: "card", cardId: 11, toColumnId: 1, index: 0 }));
    expect(saveMove).toHaveBeenCalledTimes(1);
  });

  it("rolls back to the board before the move when the save fails, and says so", async () => {
    const loaded = boardOf({ 1: [10, 11], 2: [20] }, 2);
    const { result, notify } = setup(
      async () => loaded,
      async () => {
        throw { message: "Card not found", statusCode: 404 };
      },
    );
    await waitFor(() => expect(result.current.board).toBeDefined());
    await act(async () => result.current.move({ kind: "card", cardId: 11, toColumnId: 2, index: 0 }));
    await waitFor(() => expect(result.current.saving).toBe(false));
    expect(layoutOf(result.current.board!)).toEqual(layoutOf(loaded));
    expect(result.current.board!.version).toBe(2);
    expect(notify.open).toHaveBeenCalledWith(
      expect.objectContaining({ type: "error", message: en.kit.board.saveFailed, description: "Card not found" }),
    );
  });

  it("reloads the board on a 409 instead of rolling back", async () => {
    const server = [boardOf({ 1: [10, 11], 2: [] }, 1), boardOf({ 1: [11], 2: [10], 3: [] }, 7)];
    const load = vi.fn(async () => server[Math.min(load.mock.calls.length - 1, 1)]);
    const { result, notify } = setup(load, async () => {
      throw { message: "The board changed meanwhile; reload it and try again.", statusCode: 409 };
    });
    await waitFor(() => expect(result.current.board).toBeDefined());
    await act(async () => result.current.move({ kind: "column", columnId: 2, index: 0 }));
    await waitFor(() => expect(result.current.board!.version).toBe(7));
    expect(load).toHaveBeenCalledTimes(2);
    expect(layoutOf(result.current.board!)).toEqual({ 1: [11], 2: [10], 3: [] });
    expect(notify.open).toHaveBeenCalledWith(
      expect.objectContaining({ type: "error", message: en.kit.board.reloaded }),
    );
  });

  it("saves two quick moves one after the other, the second with the version the first returned", async () => {
    const saves = [later<number>(), later<number>()];
    const saveMove = vi.fn((_m: BoardMove, _v: number) => saves[saveMove.mock.calls.length - 1].promise);
    const { result } = setup(async () => boardOf({ 1: [10, 11, 12], 2: [] }, 3), saveMove);
    await waitFor(() => expect(result.current.board).toBeDefined());
    act(() => {
      result.current.move({ kind: "card", cardId: 10, toColumnId: 2, index: 0 });
      result.current.move({ kind: "card", cardId: 12, toColumnId: 2, index: 1 });
    });
    expect(layoutOf(result.current.board!)).toEqual({ 1: [11], 2: [10, 12] });
    expect(saveMove).toHaveBeenCalledTimes(1);
    expect(saveMove.mock.calls[0][1]).toBe(3);
    await act(async () => saves[0].resolve(4));
    expect(saveMove).toHaveBeenCalledTimes(2);
    expect(saveMove.mock.calls[1]).toEqual([{ kind: "card", cardId: 12, toColumnId: 2, index: 1 }, 4]);
    await act(async () => saves[1].resolve(5));
    expect(result.current.board!.version).toBe(5);
    expect(result.current.saving).toBe(false);
  });

  it("a failed save also undoes the moves queued after it, which are never sent", async () => {
    const first = later<number>();
    const saveMove = vi.fn(() => first.promise);
    const loaded = boardOf({ 1: [10, 11, 12], 2: [20] }, 1);
    const { result } = setup(async () => loaded, saveMove);
    await waitFor(() => expect(result.current.board).toBeDefined());
    act(() => {
      result.current.move({ kind: "card", cardId: 10, toColumnId: 2, index: 1 });
      result.current.move({ kind: "card", cardId: 12, toColumnId: 1, index: 0 });
      result.current.move({ kind: "column", columnId: 2, index: 0 });
    });
    expect(result.current.board!.columnOrder).toEqual([2, 1]);
    await act(async () => first.reject({ message: "Network down", statusCode: 0 }));
    await waitFor(() => expect(result.current.saving).toBe(false));
    expect(saveMove).toHaveBeenCalledTimes(1);
    expect(layoutOf(result.current.board!)).toEqual(layoutOf(loaded));
    expect(result.current.board!.columnOrder).toEqual([1, 2]);
  });

  it("keeps a failed load as its error and recovers on reload", async () => {
    let fail = true;
    const { result } = setup(
      async () => {
        if (fail) throw { message: "Server down", statusCode: 503 };
        return boardOf({ 1: [] });
      },
      async () => 1,
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toMatchObject({ statusCode: 503 });
    expect(result.current.board).toBeUndefined();
    fail = false;
    await act(async () => result.current.reload());
    expect(result.current.error).toBeNull();
    expect(result.current.board!.columnOrder).toEqual([1]);
  });
});
