import { useCustom, useTranslate } from "@refinedev/core";
import { Image, Skeleton, Tag } from "antd";
import { useEffect, useState } from "react";
import { http } from "../../providers/http";
import { readCall, STATUS_COLORS, type Branch, type MasterItem } from "./model";

/** A coloured tag for any status of the domain (order, slip, PO, transfer, claim). */
export function StatusTag({ status, group = "status" }: { status: string; group?: string }) {
  const t = useTranslate();
  return <Tag color={STATUS_COLORS[status] ?? "default"}>{t(`orders.${group}.${status}`, status)}</Tag>;
}

type MasterAction = "statuses" | "channels" | "banks" | "transportTypes" | "claimReasons";

/** One master-data list (`{data: [...]}`), cached by Refine's query client across screens. */
export function useMaster(action: MasterAction): MasterItem[] {
  const { result } = useCustom<{ data: MasterItem[] }>({ ...readCall(action), errorNotification: false });
  return result.data?.data ?? [];
}

export function useBranches(): Branch[] {
  const { result } = useCustom<{ data: Branch[] }>({ ...readCall("branches"), errorNotification: false });
  return result.data?.data ?? [];
}

/** The caller's shops for the shop filter; empty (filter hidden) when the product filters are unreachable. */
export function useShops(): { id: number; name: string }[] {
  const { result } = useCustom<{ data: { shops: { id: number; name: string }[] } }>({
    ...readCall("shops"),
    errorNotification: false,
    queryOptions: { retry: false },
  });
  return result.data?.data?.shops ?? [];
}

/** Blob of a URL that needs the bearer token (slip images, claim photos); revoked on unmount. */
export function useAuthedBlob(url: string | null | undefined): { src?: string; loading: boolean; failed: boolean } {
  const [state, setState] = useState<{ src?: string; loading: boolean; failed: boolean }>({
    loading: !!url,
    failed: false,
  });
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | undefined;
    let alive = true;
    setState({ loading: true, failed: false });
    http
      .get<Blob>(url, { responseType: "blob" })
      .then((res) => {
        objectUrl = URL.createObjectURL(res.data);
        if (alive) setState({ src: objectUrl, loading: false, failed: false });
      })
      .catch(() => alive && setState({ loading: false, failed: true }));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

/** An image behind the token, with antd's click-to-preview (zoom, rotate); none (`null`) shows "No image". */
export function AuthImage({
  url,
  width,
  height,
  alt,
}: {
  url: string | null;
  width: number;
  height: number;
  alt: string;
}) {
  const t = useTranslate();
  const { src, loading, failed } = useAuthedBlob(url);
  if (loading) return <Skeleton.Image active style={{ width, height }} />;
  if (failed || !src) {
    return (
      <div
        style={{
          width,
          height,
          display: "grid",
          placeItems: "center",
          background: "rgba(127,127,127,0.12)",
          fontSize: 12,
        }}
      >
        {t("orders.messages.noImage", "No image")}
      </div>
    );
  }
  return <Image src={src} width={width} height={height} alt={alt} style={{ objectFit: "cover", borderRadius: 4 }} />;
}

/** Saves a response body (CSV, PDF) under a file name, through the token-carrying client. */
export async function download(path: string, params: Record<string, unknown>, fileName: string) {
  const res = await http.get<Blob>(path, { params, responseType: "blob" });
  const href = URL.createObjectURL(res.data);
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}
