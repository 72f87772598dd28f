import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNotification, useTranslate } from "@refinedev/core";
import { errorMessage, errorStatus } from "../errors";
import { boardReducer, undoOf } from "./reducer";
import type { BoardAction, BoardMove, BoardState } from "./types";

export interface UseBoardOptions<C extends { id: number }> {
  load: () => Promise<BoardState<C>>;
  /** Saves one move read at `version`; resolves to the board's new version. */
  saveMove: (move: BoardMove, version: number) => Promise<number>;
}

export interface UseBoard<C extends { id: number }> {
  board: BoardState<C> | undefined;
  loading: boolean;
  error: unknown;
  dispatch: (action: BoardAction<C>) => void;
  move: (move: BoardMove) => void;
  reload: () => Promise<void>;
  /** A move is being saved or waits to be. */
  saving: boolean;
}

interface Pending {
  move: BoardMove;
  undo: BoardMove;
}

/**
 * A board's state and the saving of its moves. A move shows at once, then is saved; saves go one at a
 * time, each with the version the previous one answered. A failed save undoes that move and every
 * later one not yet saved (the board is as before it); a 409 (the board changed elsewhere) reloads the
 * board instead. Either way a toast says so.
 */
export function useBoard<C extends { id: number }>(opts: UseBoardOptions<C>): UseBoard<C> {
  const t = useTranslate();
  const { open } = useNotification();
  const [board, setBoard] = useState<BoardState<C>>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  // The board as of the last change, read by saves and moves between renders.
  const current = useRef<BoardState<C>>(undefined);
  const pending = useRef<Pending[]>([]);
  const running = useRef(false);
  const mounted = useRef(true);
  const latest = useRef(opts);
  const words = useRef({ t, open });
  useLayoutEffect(() => {
    latest.current = opts;
    words.current = { t, open };
  });

  const dispatch = useCallback((action: BoardAction<C>) => {
    const before = current.current;
    const next = action.type === "load" ? action.board : before && boardReducer(before, action);
    if (!next || next === before) return;
    current.current = next;
    setBoard(next);
  }, []);

  // `loading` starts true, so the first load (the mount effect's) need not set it; the state is set once the answer is in.
  const load = useCallback(
    () =>
      latest.current
        .load()
        .then((loaded) => {
          if (!mounted.current) return;
          dispatch({ type: "load", board: loaded });
          setError(null);
        })
        .catch((e: unknown) => {
          if (mounted.current) setError(e);
        })
        .finally(() => {
          if (mounted.current) setLoading(false);
        }),
    [dispatch],
  );

  const reload = useCallback(() => {
    setLoading(true);
    return load();
  }, [load]);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setSaving(true);
    try {
      while (pending.current.length && mounted.current) {
        const [next] = pending.current;
        try {
          const version = await latest.current.saveMove(next.move, current.current!.version);
          if (!mounted.current) return;
          pending.current.shift();
          dispatch({ type: "version", version });
        } catch (e) {
          if (!mounted.current) return;
          // Later moves were made on top of this one: they go too.
          const dropped = pending.current.splice(0);
          const { t, open } = words.current;
          if (errorStatus(e) === 409) {
            open?.({
              type: "error",
              key: "kit.board.reloaded",
              message: t("kit.board.reloaded"),
              description: errorMessage(e),
            });
            await reload();
          } else {
            for (const p of dropped.reverse()) dispatch({ type: "move", move: p.undo });
            open?.({
              type: "error",
              key: "kit.board.saveFailed",
              message: t("kit.board.saveFailed"),
              description: errorMessage(e),
            });
          }
        }
      }
    } finally {
      running.current = false;
      if (mounted.current) setSaving(false);
    }
  }, [dispatch, reload]);

  const move = useCallback(
    (m: BoardMove) => {
      const before = current.current;
      if (!before) return;
      const after = boardReducer(before, { type: "move", move: m });
      const undo = undoOf(before, m);
      if (after === before || !undo) return;
      dispatch({ type: "load", board: after });
      pending.current.push({ move: m, undo });
      void pump();
    },
    [dispatch, pump],
  );

  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  return { board, loading, error, dispatch, move, reload, saving };
}
