import { useCustomMutation, useTranslate } from "@refinedev/core";
import { callsOf, type ActionAnswer, type ActionBody, type ActionOf } from "../../resources/calls";
import { errorMessage } from "../../components/kit/errors";
import campaign from "./endpoints";
import { ON_REST } from "../../providers/rest";

const calls = callsOf(campaign);

type Values = Record<string, unknown> | FormData;
type Verb = ActionOf<typeof campaign>;

/**
 * The screen's writes: a legacy verb (`verb`) or a REST call under /api/v2 (`rest`), with a success toast
 * when given words, and an error toast that says why unless `quiet` (a form puts field errors on its fields).
 */
export function useCampaignWrites() {
  const t = useTranslate();
  const { mutateAsync, mutation } = useCustomMutation();
  const notes = (success?: string, quiet = false) => ({
    successNotification: success ? () => ({ type: "success" as const, message: success }) : (false as const),
    errorNotification: quiet
      ? (false as const)
      : (error: unknown) => ({
          type: "error" as const,
          message: t("campaign.messages.failed"),
          description: errorMessage(error),
        }),
  });
  /** A legacy verb: its body and answer are the document's. */
  const verb = <A extends Verb>(action: A, values: ActionBody<typeof campaign, A>, success?: string, quiet = false) =>
    mutateAsync({ ...calls.writeCall(action, values), ...notes(success, quiet) }).then(
      (r) => r.data as ActionAnswer<typeof campaign, A>,
    );
  /** A REST call; `T` names its answer. */
  const rest = <T = unknown>(
    url: string,
    method: "post" | "patch" | "delete",
    values: Values,
    success?: string,
    quiet = false,
  ) =>
    mutateAsync({
      url,
      method,
      values: values,
      ...ON_REST,
      ...notes(success, quiet),
    }).then((r) => r.data as T);
  return { verb, rest, busy: mutation.isPending, calls };
}
