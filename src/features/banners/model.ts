import type { Answer, ItemOf } from "../../api";
import type { WindowState } from "../../components/kit/window";

type B = "/api/banners/uploadbanner";

/** Where a banner shows, with the pixel size its image must have. */
export type BannerType = ItemOf<`${B}/getmasterType`>;

/** A page a banner type appears on (the home page, one category's page…). */
export type BannerMenu = ItemOf<`${B}/getBannerTypeMenu`>;

export type Banner = ItemOf<`${B}/getlistbanners`>;

/** How many of a page's banners are in each state now. */
export type StateCounts = Answer<`${B}/getlistbanners`>["counts"];

export const STATES: readonly WindowState[] = ["live", "scheduled", "expired", "off"];
export const TITLE_MAX = 80;
export const LINK_MAX = 500;
/** https://… or a path on the marketplace, as the server takes it. */
export const LINK = /^(https:\/\/\S+|\/\S*)$/;
/** The most banners one page shows; the list reads them all so a drag can send the whole order. */
export const PAGE_MAX = 100;

/** The server names the window's parts; the forms hold them in one `window` field. */
export function windowFieldErrors(error: unknown): unknown {
  const e = error as { errors?: Record<string, string[]> } | null;
  if (!e?.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(e.errors)) {
    const field = ["startsAt", "endsAt", "timezone"].includes(name) ? "window" : name;
    errors[field] = [...(errors[field] ?? []), ...messages];
  }
  return { ...e, errors };
}

/** The pixel size of a picked image, read in the browser before it is sent. */
export function pixelSizeOf(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("not an image"));
    };
    img.src = url;
  });
}
