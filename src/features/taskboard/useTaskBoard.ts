import type { Body } from "../../api";
import { useCallback, useMemo } from "react";
import { useDataProvider, type BaseRecord, type DataProvider } from "@refinedev/core";
import { useBoard, type BoardMove, type BoardState } from "../../components/kit/board";
import { callsOf, type ActionAnswer, type ActionBody } from "../../resources/calls";
import taskboard from "./endpoints";
import { REST, type CardValues, type TaskCard, type TaskColumn } from "./model";
import { REST_PROVIDER } from "../../providers/rest";

const calls = callsOf(taskboard);
type ColumnBody = ActionBody<typeof taskboard, "updateColumn">;
type ColumnAnswer = ActionAnswer<typeof taskboard, "updateColumn">;
/** The largest page the server answers. */
const PAGE = 100;

/** Every row of a REST list, page by page. */
async function all<T extends BaseRecord>(rest: DataProvider, resource: string): Promise<T[]> {
  const rows: T[] = [];
  for (let currentPage = 1; ; currentPage += 1) {
    const { data, total } = await rest.getList<T>({ resource, pagination: { currentPage, pageSize: PAGE } });
    rows.push(...data);
    if (!data.length || rows.length >= total) return rows;
  }
}

/** The caller's board as the kit's board state (columns by position, each column's cards in order). */
function toBoard(columns: TaskColumn[], cards: TaskCard[], version: number): BoardState<TaskCard> {
  const board: BoardState<TaskCard> = { columns: {}, columnOrder: [], cards: {}, version };
  for (const c of [...columns].sort((a, b) => a.position - b.position)) {
    board.columns[c.id] = { id: c.id, name: c.name, cardIds: [] };
    board.columnOrder.push(c.id);
  }
  for (const card of [...cards].sort((a, b) => a.position - b.position)) {
    board.cards[card.id] = card;
    board.columns[card.columnId]?.cardIds.push(card.id);
  }
  return board;
}

/**
 * The task board's data: loads the caller's columns and cards, saves moves (the kit's useBoard) and
 * the column and card writes, applying each answer to the board. The server keeps no version for a
 * personal board: the count of saved moves stands in for it.
 */
export function useTaskBoard() {
  const dataProvider = useDataProvider();
  const rest = dataProvider(REST_PROVIDER);
  const legacy = dataProvider();

  const load = useCallback(async () => {
    const [columns, cards] = await Promise.all([all<TaskColumn>(rest, REST.columns), all<TaskCard>(rest, REST.cards)]);
    return toBoard(columns, cards, 0);
  }, [rest]);

  const saveMove = useCallback(
    async (move: BoardMove, version: number) => {
      const api = rest.getApiUrl();
      if (move.kind === "card") {
        await rest.custom!({
          url: `${api}/${REST.cards}/${move.cardId}/move`,
          method: "post",
          payload: { columnId: move.toColumnId, index: move.index } satisfies Body<"/api/v2/task-cards/{id}/move">,
        });
      } else {
        await rest.custom!({
          url: `${api}/${REST.columns}/${move.columnId}/move`,
          method: "post",
          payload: { index: move.index } satisfies Body<"/api/v2/task-columns/{id}/move">,
        });
      }
      return version + 1;
    },
    [rest],
  );

  const board = useBoard<TaskCard>({ load, saveMove });
  const { dispatch } = board;

  const actions = useMemo(
    () => ({
      addColumn: async (name: string) => {
        const { data } = await legacy.custom!({
          ...calls.writeCall("updateColumn"),
          payload: { column: { name } } satisfies ColumnBody,
        });
        const { column } = data as ColumnAnswer;
        dispatch({ type: "addColumn", column: { id: column.id, name: column.name, cardIds: [] } });
        return column;
      },
      renameColumn: async (columnId: number, name: string) => {
        const { data } = await legacy.custom!({
          ...calls.writeCall("updateColumn"),
          payload: { columnId, column: { name } } satisfies ColumnBody,
        });
        dispatch({ type: "renameColumn", columnId, name: (data as ColumnAnswer).column.name });
      },
      deleteColumn: async (columnId: number) => {
        await legacy.custom!({
          ...calls.writeCall("deleteColumn"),
          payload: { columnId } satisfies ActionBody<typeof taskboard, "deleteColumn">,
        });
        dispatch({ type: "deleteColumn", columnId });
      },
      createCard: async (columnId: number, values: CardValues) => {
        const { data } = await rest.create<TaskCard>({ resource: REST.cards, variables: { columnId, ...values } });
        dispatch({ type: "addCard", columnId, card: data });
        return data;
      },
      updateCard: async (id: number, values: Partial<CardValues>) => {
        const { data } = await rest.update<TaskCard>({ resource: REST.cards, id, variables: values });
        dispatch({ type: "updateCard", card: data });
        return data;
      },
      deleteCard: async (id: number) => {
        await rest.deleteOne({ resource: REST.cards, id });
        dispatch({ type: "deleteCard", cardId: id });
      },
    }),
    [rest, legacy, dispatch],
  );

  return { ...board, ...actions };
}

export type TaskBoardApi = ReturnType<typeof useTaskBoard>;
