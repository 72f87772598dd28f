import { useMemo } from "react";
import { useCustom, useCustomMutation, useDataProvider, useTranslate, type BaseRecord } from "@refinedev/core";
import { callsOf } from "../../resources/calls";
import { errorMessage } from "../../components/kit/errors";
import brandshop from "./resource";
import housebrand from "../housebrand/resource";
import type { Family } from "./model";

/**
 * A storefront family's verbs: suppliers' brand shops on /api/supplier/kanban, house brands on
 * /api/housebrand — the same names and shapes, so one set of screens serves both.
 */
const FAMILIES = {
  supplier: { module: brandshop, calls: callsOf(brandshop), banners: true },
  housebrand: { module: housebrand, calls: callsOf(housebrand), banners: false },
} as const;

export const familyOf = (family: Family) => FAMILIES[family];

/** A GET verb of the family, keyed by its query; `enabled` false waits (e.g. for an id). */
export function useFamilyRead<T extends BaseRecord>(family: Family, action: string, query: Record<string, unknown>, enabled = true) {
  const { query: q } = useCustom<T>({ ...familyOf(family).calls.readCall(action, query), queryOptions: { enabled } });
  return { data: q.data?.data as T | undefined, loading: q.isLoading, error: q.error, refetch: q.refetch };
}

/** Imperative calls for code that is not a render (the board's load and saves, the card drawer). */
export function useFamilyCalls(family: Family) {
  const dataProvider = useDataProvider();
  const { calls } = familyOf(family);
  return useMemo(() => ({
    read: async <T>(action: string, query: Record<string, unknown>): Promise<T> => {
      const { url, method, meta } = calls.readCall(action);
      return (await dataProvider().custom!({ url, method, meta, query })).data as T;
    },
    write: async <T>(action: string, payload: Record<string, unknown>): Promise<T> =>
      (await dataProvider().custom!({ ...calls.writeCall(action), payload })).data as T,
  }), [calls, dataProvider]);
}

/** Writes with a success toast and an error toast that says why; resolves to the answer. */
export function useStorefrontWrite() {
  const t = useTranslate();
  const { mutateAsync, mutation } = useCustomMutation();
  const notifications = (success: string) => ({
    successNotification: () => ({ type: "success" as const, message: success }),
    errorNotification: (error: unknown) => ({ type: "error" as const, message: t("brandshop.messages.failed"), description: errorMessage(error) }),
  });
  /** A legacy verb of the family. */
  const verb = <T = any>(family: Family, action: string, values: Record<string, unknown>, success: string) =>
    mutateAsync({ ...familyOf(family).calls.writeCall(action), values, ...notifications(success) }).then((r) => r.data as T);
  /** A REST addition under /api/v2 (`rest` data provider): POST or PATCH on a URL. */
  const rest = <T = any>(url: string, method: "post" | "patch", values: Record<string, unknown> | FormData, success: string) =>
    mutateAsync({ url, method, values: values as Record<string, unknown>, dataProviderName: "rest", ...notifications(success) }).then((r) => r.data as T);
  return { verb, rest, busy: mutation.isPending };
}
