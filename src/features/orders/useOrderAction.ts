import { useCustomMutation, useTranslate } from "@refinedev/core";
import type { ActionAnswer, ActionBody } from "../../resources/calls";
import { writeCall } from "./model";
import type { orders } from "./endpoints";
import { errorMessage } from "../../components/kit/errors";

type Action = Parameters<typeof writeCall>[0];
type Answer<A extends Action> = ActionAnswer<typeof orders, A>;
export type ActionResult<D = unknown> = { ok: true; data: D } | { ok: false; error: unknown };
/** The success toast's key under `orders.messages`, or one chosen from the answer (with its values). */
type Success<A extends Action> =
  string | ((answer: Answer<A> | undefined) => [key: string, values?: Record<string, unknown>]);

/**
 * Runs one order verb with its notifications, then `refresh` — also after a failure, since a 409
 * means the screen is behind the server's state.
 */
export function useOrderAction(refresh: () => unknown) {
  const t = useTranslate();
  const { mutateAsync, mutation } = useCustomMutation();
  const run = async <A extends Action>(
    action: A,
    values: ActionBody<typeof orders, A>,
    success: Success<A>,
  ): Promise<ActionResult<Answer<A>>> => {
    try {
      const res = await mutateAsync({
        ...writeCall(action, values),
        successNotification: (res) => {
          const [key, words] = typeof success === "string" ? [success] : success(res?.data as Answer<A> | undefined);
          return { type: "success", message: t(`orders.messages.${key}`, words) };
        },
        errorNotification: (error) => ({
          type: "error",
          message: t("orders.messages.actionFailed"),
          description: errorMessage(error),
        }),
      });
      await refresh();
      return { ok: true, data: res.data as Answer<A> };
    } catch (error) {
      await refresh();
      return { ok: false, error };
    }
  };
  return { run, busy: mutation.isPending };
}
