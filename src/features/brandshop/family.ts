import { useMemo } from "react";
import { useCustom, useCustomMutation, useDataProvider, useTranslate } from "@refinedev/core";
import { callsOf, type ActionAnswer, type ActionBody, type ActionOf, type ActionQuery } from "../../resources/calls";
import { errorMessage } from "../../components/kit/errors";
import brandshop from "./endpoints";
import housebrand from "../housebrand/endpoints";
import type { Family } from "./model";
import { ON_REST } from "../../providers/rest";

type Supplier = typeof brandshop;
type House = typeof housebrand;
/** Either family: a verb's query and body are what either path takes, its answer what either path answers. */
type Either = Supplier | House;
/** The verbs both families have. */
export type FamilyVerb = ActionOf<Either>;
/** What a verb of both families answers (either path's answer). */
export type FamilyAnswer<V extends FamilyVerb> = ActionAnswer<Either, V>;
type Calls = ReturnType<typeof callsOf<Either>>;

/**
 * A storefront family's verbs: suppliers' brand shops on /api/supplier/kanban, house brands on
 * /api/housebrand — the same names and shapes, so one set of screens serves both.
 */
const FAMILIES = {
  supplier: { module: brandshop, calls: callsOf(brandshop), banners: true },
  housebrand: { module: housebrand, calls: callsOf(housebrand), banners: false },
} as const;

export const familyOf = (family: Family) => FAMILIES[family];
/** A family's calls for the verbs both have, typed for either family. */
const sharedCalls = (family: Family): Calls => FAMILIES[family].calls;

/** A GET verb of the family, keyed by its query; `enabled` false waits (e.g. for an id). */
export function useFamilyRead<V extends FamilyVerb>(
  family: Family,
  action: V,
  query: ActionQuery<Either, V>,
  enabled = true,
) {
  const { query: q } = useCustom<FamilyAnswer<V>>({
    ...sharedCalls(family).readCall(action, query),
    queryOptions: { enabled },
  });
  return { data: q.data?.data, loading: q.isLoading, error: q.error, refetch: q.refetch };
}

/** The other shops of the family to switch to: brand shops searched by name, the few house brands all at once. */
export function useFamilyShops(family: Family, keyword: string) {
  const call =
    family === "supplier"
      ? FAMILIES.supplier.calls.readCall("shopProfile", keyword ? { keyword } : {})
      : FAMILIES.housebrand.calls.readCall("shopmaster");
  const { query } = useCustom<ActionAnswer<Supplier, "shopProfile"> | ActionAnswer<House, "shopmaster">>(call);
  return { items: query.data?.data.items ?? [], loading: query.isLoading };
}

/** The family's search for products to put on a card: a POST read, which useCustom keys by its body. */
export const searchCall = (family: Family, body: ActionBody<Either, "searchproduct-card">) => ({
  ...sharedCalls(family).writeCall("searchproduct-card"),
  config: { payload: body as Record<string, unknown> },
});

/** Imperative calls for code that is not a render (the board's load and saves, the card drawer). */
export function useFamilyCalls(family: Family) {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const calls = sharedCalls(family);
    return {
      read: async <V extends FamilyVerb>(action: V, query: ActionQuery<Either, V>): Promise<FamilyAnswer<V>> => {
        const { url, method, meta } = calls.readCall(action);
        return (await dataProvider().custom!({ url, method, meta, query })).data as FamilyAnswer<V>;
      },
      write: async <V extends FamilyVerb>(action: V, payload: ActionBody<Either, V>): Promise<FamilyAnswer<V>> =>
        (await dataProvider().custom!({ ...calls.writeCall(action), payload })).data as FamilyAnswer<V>,
    };
  }, [family, dataProvider]);
}

/** Writes with a success toast and an error toast that says why; resolves to the answer. */
export function useStorefrontWrite() {
  const t = useTranslate();
  const { mutateAsync, mutation } = useCustomMutation();
  const notifications = (success: string) => ({
    successNotification: () => ({ type: "success" as const, message: success }),
    errorNotification: (error: unknown) => ({
      type: "error" as const,
      message: t("brandshop.messages.failed"),
      description: errorMessage(error),
    }),
  });
  /** A legacy verb of both families. */
  const verb = <V extends FamilyVerb>(family: Family, action: V, values: ActionBody<Either, V>, success: string) =>
    mutateAsync({ ...sharedCalls(family).writeCall(action, values), ...notifications(success) }).then(
      (r) => r.data as FamilyAnswer<V>,
    );
  /** A legacy verb of the brand-shop family alone. */
  const supplierVerb = <V extends ActionOf<Supplier>>(action: V, values: ActionBody<Supplier, V>, success: string) =>
    mutateAsync({ ...FAMILIES.supplier.calls.writeCall(action, values), ...notifications(success) }).then(
      (r) => r.data as ActionAnswer<Supplier, V>,
    );
  /** A REST addition under /api/v2 (`rest` data provider): POST or PATCH on a URL. */
  const rest = <T = unknown>(
    url: string,
    method: "post" | "patch",
    values: Record<string, unknown> | FormData,
    success: string,
  ) =>
    mutateAsync({
      url,
      method,
      values,
      ...ON_REST,
      ...notifications(success),
    }).then((r) => r.data as T);
  return { verb, supplierVerb, rest, busy: mutation.isPending };
}
