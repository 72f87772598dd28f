import type { DataOf } from "../../api";
import { useState } from "react";
import { useCustom, useCustomMutation, useDataProvider, useTranslate, type BaseRecord } from "@refinedev/core";
import { App } from "antd";
import { downloadCsv, readCall, writeCall } from "./model";
import type { product, ProductRead, ProductWrite } from "./endpoints";
import type { ActionAnswer, ActionBody } from "../../resources/calls";
import { errorMessage } from "../../components/kit/errors";

export type ListMasters = DataOf<"/api/product/masterproduct">;
export type EditMasters = DataOf<"/api/product/masterproductedit">;
/** What a product write takes, from the document: its JSON body, or a FormData where it takes an upload. */
export type WriteBody<A extends ProductWrite> = ActionBody<typeof product, A>;

// Master data changes rarely: fetched once per session and shared by every screen.
const CACHED = { staleTime: Infinity, gcTime: Infinity } as const;

export function useListMasters(): Partial<ListMasters> {
  const { result } = useCustom<{ data: ListMasters }>({ ...readCall("masterproduct"), queryOptions: CACHED });
  return result.data?.data ?? {};
}

export function useEditMasters(): Partial<EditMasters> {
  const { result } = useCustom<{ data: EditMasters }>({ ...readCall("masterproductedit"), queryOptions: CACHED });
  return result.data?.data ?? {};
}

/** A GET action of the product module, keyed by its query; `pollEvery` answers whether (and how soon) to read it again. */
export function useProductRead<T extends BaseRecord>(
  action: ProductRead,
  query: Record<string, unknown>,
  enabled = true,
  pollEvery?: (answer?: T) => number | false,
) {
  const { query: q } = useCustom<T>({
    ...readCall(action, query),
    queryOptions: { enabled, ...(pollEvery ? { refetchInterval: (x) => pollEvery(x.state.data?.data) } : {}) },
  });
  // `result.data` is `{}` until the answer arrives; the raw query data tells "not loaded" apart.
  return { data: q.data?.data, loading: q.isLoading, refetch: q.refetch };
}

/** POST actions with a success toast (the server's message) and an error toast naming the failure. */
export function useProductWrite() {
  const t = useTranslate();
  const { mutateAsync, mutation } = useCustomMutation();
  const run = <A extends ProductWrite>(action: A, values: WriteBody<A>, success?: string) =>
    mutateAsync({
      ...writeCall(action),
      values: values,
      successNotification: (data) => ({
        type: "success",
        message:
          success ?? (data?.data as { message?: string } | undefined)?.message ?? t("product.messages.done", "Done"),
      }),
      errorNotification: (error) => ({
        type: "error",
        message: t("product.messages.actionFailed", "The action failed"),
        description: errorMessage(error),
      }),
    }).then((r) => r.data as ActionAnswer<typeof product, A>);
  return { run, busy: mutation.isPending };
}

/** Downloads a CSV read (the current filter as the query) through the data provider. */
export function useCsvExport(action: "exportcsv" | "exportnewproductcsv", filename: string) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const run = async (filters: Record<string, unknown>) => {
    setBusy(true);
    try {
      const query = Object.fromEntries(
        Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ""),
      );
      const { url, method, meta } = readCall(action);
      const answer = await dataProvider().custom!({ url, method, query, meta });
      // The export answers CSV text, which the data provider's types call a record.
      const csv: unknown = answer.data;
      if (typeof csv !== "string") throw new Error("The export did not answer CSV text");
      downloadCsv(csv, `${filename}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notification.error({
        message: t("product.messages.exportFailed", "The export failed"),
        description: errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
