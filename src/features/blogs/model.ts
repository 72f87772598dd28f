import { blog, HOUSEBRAND_ENDPOINTS } from "./resource";
import { callsOf, screenPath } from "../../resources/calls";

/** Which blog a screen shows: the master blog in the admin or the supplier area, or the house-brand blog. */
export type BlogKind = "admin" | "supplier" | "housebrand";
export type PostStatus = "draft" | "published" | "closed";

/** The post types the server knows (GET menu answers the same codes with counts). */
export const POST_TYPES = ["idea", "howto", "review", "news"] as const;
export type PostType = (typeof POST_TYPES)[number];

export const STATUS_COLORS: Record<PostStatus, string> = {
  draft: "default",
  published: "green",
  closed: "red",
};

export interface PostSummary {
  id: number;
  shopId: number;
  shopName: string;
  type: PostType;
  title: string;
  description: string | null;
  coverUrl: string | null;
  status: PostStatus;
  authorName: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

export interface LinkedProduct {
  id: number;
  code: string;
  name: string;
  price: number;
  imageUrl: string | null;
}

export interface PostDetail extends PostSummary {
  contentHtml: string;
  tags: string[];
  products: LinkedProduct[];
  version: number;
}

export interface ShopOption {
  id: number;
  name: string;
}

type BlogAction = "menu" | "products" | "close" | "sortProducts" | "removeProduct" | "shops";

/**
 * What differs between the blogs; everything else is the same screens. `resource`: the row of the table
 * of screens (its paths and its endpoint map); `shops`: where the post form's shop choice comes from —
 * the supplier's own shops, the shops seen among the posts (staff on the master blog), or the house brands.
 */
const BLOGS: Record<BlogKind, { resource: string; title: string; shops: "session" | "posts" | "housebrands"; calls: ReturnType<typeof callsOf<BlogAction>> }> = {
  admin: { resource: "blog", title: "blogs.titles.list", shops: "posts", calls: callsOf<BlogAction>(blog) },
  supplier: { resource: "supplier-blog", title: "blogs.titles.list", shops: "session", calls: callsOf<BlogAction>(blog) },
  housebrand: {
    resource: "housebrand-blog", title: "blogs.titles.housebrandList", shops: "housebrands",
    calls: callsOf<BlogAction>({ ...blog, name: "housebrand-blog", endpoints: HOUSEBRAND_ENDPOINTS }),
  },
};

export const blogConfig = (kind: BlogKind) => BLOGS[kind];

/** Refine resource identifier of a blog's screens. */
export function blogResource(kind: BlogKind): string {
  return BLOGS[kind].resource;
}

/** Screen paths come from the table of screens so the pages and the route table never disagree. */
export function blogPaths(kind: BlogKind) {
  const screen = blogResource(kind);
  return {
    list: screenPath(screen, "list"),
    create: screenPath(screen, "create"),
    show: (id: number | string) => screenPath(screen, "show", id),
    edit: (id: number | string) => screenPath(screen, "edit", id),
  };
}
