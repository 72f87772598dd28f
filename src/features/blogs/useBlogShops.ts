import type { Answer } from "../../api";
import { useMemo } from "react";
import { useCustom, useList } from "@refinedev/core";
import { useSession } from "../../providers/session";
import { blogConfig, type BlogKind, type PostSummary, type ShopOption } from "./model";

/** Enough recent posts to offer staff the shops that have a blog; the server caps limit at 100. */
const SHOP_SAMPLE = 100;

const byName = (shops: ShopOption[]) => [...shops].sort((a, b) => a.name.localeCompare(b.name));

/**
 * The shops a blog offers (see `blogConfig(kind).shops`): a supplier's own, the house brands, or — staff
 * on the master blog have no shops of their own — the shops that appear among the posts they can see.
 */
export function useBlogShops(kind: BlogKind, enabled = true): ShopOption[] {
  const { shops: source, calls, resource } = blogConfig(kind);
  const own = useSession().shops;
  const { result: posts } = useList<PostSummary>({
    resource,
    pagination: { currentPage: 1, pageSize: SHOP_SAMPLE },
    queryOptions: { enabled: enabled && source === "posts" },
  });
  const { result: brands } = useCustom<Answer<"/api/housebrand/shopmaster">>({
    ...(source === "housebrands" ? calls.readCall("shops") : { url: "", method: "get" as const }),
    queryOptions: { enabled: enabled && source === "housebrands" },
  });
  return useMemo(() => {
    if (source === "session") return own;
    if (source === "housebrands") return byName((brands.data?.items ?? []).map(({ id, name }) => ({ id, name })));
    const seen = new Map<number, string>();
    for (const post of posts.data ?? []) seen.set(post.shopId, post.shopName);
    return byName([...seen].map(([id, name]) => ({ id, name })));
  }, [source, own, brands.data, posts.data]);
}
