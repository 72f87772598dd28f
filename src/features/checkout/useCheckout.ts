import { useEffect, useReducer, useState, type Dispatch } from "react";
import { initialState, reducer, restoreOrEmpty, save, type Action, type CheckoutState } from "./model";

export interface Checkout {
  state: CheckoutState;
  dispatch: Dispatch<Action>;
  /** False until the kept cart and sort are back (or the restore gave up). */
  ready: boolean;
  /** Why the kept cart could not be restored ("persist timed out"), when it could not. */
  restoreError: string | null;
}

/**
 * The checkout reducer with its cart and sort kept in localStorage: restored once on mount (at most
 * 5000 ms, then an empty start), saved on every change after that — never before, so a slow restore
 * cannot be overwritten by the empty start.
 */
export function useCheckout(): Checkout {
  const [state, dispatch] = useReducer(reducer, initialState);
  const [ready, setReady] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void restoreOrEmpty(window.localStorage).then(({ kept, error }) => {
      if (!live) return;
      dispatch({ type: "restored", kept });
      setRestoreError(error?.message ?? null);
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (ready) save(window.localStorage, state);
  }, [ready, state]);

  return { state, dispatch, ready, restoreError };
}
