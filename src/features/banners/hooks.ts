import { useMemo } from "react";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { callsOf, type ActionAnswer, type ActionBody, type ActionOf } from "../../resources/calls";
import banners from "./endpoints";
import type { BannerMenu, BannerType } from "./model";

export const calls = callsOf(banners);

/** A type's or page's name in the reader's language; a category page keeps its category's name. */
export function useBannerNames() {
  const t = useTranslate();
  return useMemo(
    () => ({
      type: (x: Pick<BannerType, "code" | "name">) => t(`banners.types.${x.code}`, {}, x.name),
      menu: (x: Pick<BannerMenu, "code" | "name">) => t(`banners.menus.${x.code}`, {}, x.name),
    }),
    [t],
  );
}

/** Writes with a success toast; failures are left to the caller, which knows what to undo or where to show them. */
export function useBannerWrite() {
  const { mutateAsync, mutation } = useCustomMutation();
  const write = <A extends ActionOf<typeof banners>>(
    action: A,
    values: ActionBody<typeof banners, A>,
    success: string,
  ) =>
    mutateAsync({
      ...calls.writeCall(action, values),
      successNotification: () => ({ type: "success", message: success }),
      errorNotification: false,
    }).then((r) => r.data as ActionAnswer<typeof banners, A>);
  return { write, busy: mutation.isPending };
}

/**
 * A banner's title inside a sentence: first-strong isolated (U+2068 … U+2069), so an English title in
 * an Arabic sentence keeps its own direction and the quotes around it stay where they belong.
 */
export const isolated = (title: string) => `\u2068${title}\u2069`;
