import { useCustom, useCustomMutation, useDataProvider, useInvalidate, useList, useTranslate } from "@refinedev/core";
import { useState } from "react";
import { callsOf } from "../../resources/calls";
import settings from "./endpoints";
import { REST, type Province, type Rate, type RateBody, type TransportType, type Zone } from "./model";
import { ON_REST, REST_PROVIDER } from "../../providers/rest";

const { readCall, writeCall } = callsOf(settings);
export { readCall };

export function useZones() {
  const { result, query } = useList<Zone>({
    resource: REST.zones,
    ...ON_REST,
    pagination: { mode: "off" },
    errorNotification: false,
  });
  return { zones: result.data, query };
}

export function useTransportTypes(): TransportType[] {
  const { result } = useCustom<{ data: TransportType[] }>(readCall("transportTypes"));
  return result.data?.data ?? [];
}

export function useProvinces(): Province[] {
  const { result } = useCustom<{ data: Province[] }>(readCall("provinces"));
  return result.data?.data ?? [];
}

/** Refreshes every list of rates after a write. */
function useRefreshRates() {
  const invalidate = useInvalidate();
  return () => invalidate({ resource: "setting-shipping", invalidates: ["list"] });
}

/**
 * Saves a rate (createshippingrate: new, or id + version). Resolves to the saved rate; a refusal is
 * thrown for the caller to place on its fields. Success is told in a toast.
 */
export function useSaveRate() {
  const t = useTranslate();
  const { mutateAsync, mutation } = useCustomMutation<{ data: Rate }>();
  const refresh = useRefreshRates();
  const save = async (values: RateBody, successKey: "created" | "changed" | "deactivated" | "activated") => {
    const res = await mutateAsync({
      ...writeCall("saveRate", values),
      successNotification: () => ({ type: "success", message: t(`shipping.messages.${successKey}`) }),
      errorNotification: false,
    });
    await refresh();
    return res.data.data;
  };
  return { save, busy: mutation.isPending, refresh };
}

/** PATCH/POST on a REST addition (the settings), errors thrown as the app's HttpError. */
export function useRestWrite() {
  const rest = useDataProvider()(REST_PROVIDER);
  const [busy, setBusy] = useState(false);
  const send = async (resource: string, method: "post" | "patch", payload: object): Promise<unknown> => {
    setBusy(true);
    try {
      const res = await rest.custom!({ url: `${rest.getApiUrl()}/${resource}`, method, payload });
      return res.data;
    } finally {
      setBusy(false);
    }
  };
  return { send, busy };
}
