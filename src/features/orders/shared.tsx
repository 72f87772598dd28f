import { useCustom, useTranslate } from "@refinedev/core";
import { Image, Skeleton, Tag, type UploadFile, type UploadProps } from "antd";
import { useEffect, useState } from "react";
import { http } from "../../providers/http";
import { readCall, STATUS_COLORS, type Branch, type MasterItem } from "./model";
import { saveBlob } from "../../components/kit/download";

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
  // What the last read answered, and for which URL: a new URL is loading until its own answer comes.
  const [read, setRead] = useState<{ url: string; src?: string; failed: boolean }>();
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | undefined;
    let alive = true;
    http
      .get<Blob>(url, { responseType: "blob" })
      .then((res) => {
        objectUrl = URL.createObjectURL(res.data);
        if (alive) setRead({ url, src: objectUrl, failed: false });
      })
      .catch(() => alive && setRead({ url, failed: true }));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  const current = url && read?.url === url ? read : undefined;
  return { src: current?.src, loading: !!url && !current, failed: current?.failed ?? false };
}

/** An Upload inside a Form.Item: the field's value is the file list. */
export const fileListOf = (e: Parameters<NonNullable<UploadProps["onChange"]>>[0] | UploadFile[]): UploadFile[] =>
  Array.isArray(e) ? e : e.fileList;

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
  saveBlob(res.data, fileName);
}
