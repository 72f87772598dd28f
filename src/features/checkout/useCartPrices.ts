import { useEffect, useState } from "react";
import { useDataProvider } from "@refinedev/core";
import { errorMessage } from "../../components/kit/errors";
import type { Action, CheckoutState } from "./model";
import type { Quote, QuoteRequest } from "./types";
import { REST_PROVIDER } from "../../providers/rest";

/**
 * The cart priced by the server whenever its products or quantities change (flash sales and home-sale
 * groups live now, the same pricing the order is placed with), while `enabled`; the delivery step
 * prices it itself with the address. Answers why it could not be priced, when it could not.
 */
export function useCartPrices(state: CheckoutState, dispatch: (a: Action) => void, enabled: boolean): string | null {
  const rest = useDataProvider()(REST_PROVIDER);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(state.cart.map((i) => ({ productId: i.id, quantity: i.quantity })));
  useEffect(() => {
    if (!enabled || key === "[]") return;
    let live = true;
    rest
      .create<Quote>({
        resource: "checkout-quotes",
        variables: { items: JSON.parse(key) as QuoteRequest["items"] } satisfies QuoteRequest,
      })
      .then(
        ({ data }) => {
          if (!live) return;
          setError(null);
          dispatch({ type: "reprice", lines: data.lines });
        },
        (e: unknown) => {
          if (live) setError(errorMessage(e));
        },
      );
    return () => {
      live = false;
    };
  }, [rest, key, enabled, dispatch]);
  return enabled ? error : null;
}
