import { useCustomMutation, useTranslate } from "@refinedev/core";
import { errorMessage } from "../../components/kit/errors";
import type { ActionAnswer, ActionBody } from "../../resources/calls";
import { restUrl, writeCall } from "./model";
import type users from "./endpoints";
import { ON_REST } from "../../providers/rest";

type Values = Record<string, unknown>;

/**
 * The screens' writes: a legacy verb (`verb`) or a REST call under /api/v2 (`rest`), with a success toast
 * when given words, and an error toast saying why unless `quiet` (a form puts field errors on its fields).
 */
export function useUserWrites() {
  const t = useTranslate();
  const { mutateAsync, mutation } = useCustomMutation();
  const notes = (success?: string, quiet = false) => ({
    successNotification: success ? () => ({ type: "success" as const, message: success }) : (false as const),
    errorNotification: quiet
      ? (false as const)
      : (error: unknown) => ({
          type: "error" as const,
          message: t("users.messages.failed"),
          description: errorMessage(error),
        }),
  });
  /** A legacy verb: its body and answer are the document's. */
  const verb = <A extends "updateroleuser" | "updatestatususer">(
    action: A,
    values: ActionBody<typeof users, A>,
    success?: string,
    quiet = false,
  ) =>
    mutateAsync({ ...writeCall(action, values), ...notes(success, quiet) }).then(
      (r) => r.data as ActionAnswer<typeof users, A>,
    );
  const rest = <T = unknown>(
    path: string,
    method: "post" | "patch" | "delete",
    values: Values,
    success?: string,
    quiet = false,
  ) =>
    mutateAsync({ url: restUrl(path), method, values, ...ON_REST, ...notes(success, quiet) }).then((r) => r.data as T);
  return { verb, rest, busy: mutation.isPending };
}
