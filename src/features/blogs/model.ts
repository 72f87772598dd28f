import type { Answer, Body, DataOf, ItemOf } from "../../api";
import { blog, HOUSEBRAND_ENDPOINTS } from "./endpoints";
import { callsOf, screenPath } from "../../resources/calls";

/** Which blog a screen shows: the master blog in the admin or the supplier area, or the house-brand blog. */
export type BlogKind = "admin" | "supplier" | "housebrand";
/** The master blog's answers; the house-brand blog answers the same shapes (server/src/modules/blogs/family.ts). */
type MASTER = "/api/blogs/master";

export type PostSummary = ItemOf<`${MASTER}/posts`>;
export type PostStatus = PostSummary["status"];
export type PostType = PostSummary["type"];

/** The post types the server knows (GET menu answers the same codes with counts). */
export const POST_TYPES: readonly PostType[] = ["idea", "howto", "review", "news"];

export const STATUS_COLORS: Record<PostStatus, string> = {
  draft: "default",
  published: "green",
  closed: "red",
};

export type PostDetail = DataOf<`${MASTER}/post`>;
export type LinkedProduct = PostDetail["products"][number];
/** One type of the menu, with its count of posts. */
export type MenuItem = ItemOf<`${MASTER}/menu`>;
export type ProductPage = Answer<`${MASTER}/product`>;
export type NewPost = Body<`${MASTER}/new`>;
export type PostEdit = Body<`${MASTER}/edit`>;

/** A shop a post can be written for: the session's own shops, the house brands, or shops among the posts. */
export type ShopOption = Pick<ItemOf<"/api/housebrand/shopmaster">, "id" | "name">;

/**
 * What differs between the blogs; everything else is the same screens. `resource`: the row of the table
 * of screens (its paths and its endpoint map); `shops`: where the post form's shop choice comes from —
 * the supplier's own shops, the shops seen among the posts (staff on the master blog), or the house brands.
 */
/** The house-brand blog's verbs: the master blog's, plus its shops (the house brands). */
const housebrandBlog = { ...blog, name: "housebrand-blog", endpoints: HOUSEBRAND_ENDPOINTS };

type BlogCalls = ReturnType<typeof callsOf<typeof housebrandBlog>>;
/** The master blog has the same verbs and shapes but `shops`, which only the house-brand screens call. */
const masterCalls = callsOf(blog);

const BLOGS: Record<
  BlogKind,
  { resource: string; title: string; shops: "session" | "posts" | "housebrands"; calls: BlogCalls }
> = {
  admin: { resource: "blog", title: "blogs.titles.list", shops: "posts", calls: masterCalls },
  supplier: { resource: "supplier-blog", title: "blogs.titles.list", shops: "session", calls: masterCalls },
  housebrand: {
    resource: "housebrand-blog",
    title: "blogs.titles.housebrandList",
    shops: "housebrands",
    calls: callsOf(housebrandBlog),
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
