import type { HttpError } from "@refinedev/core";
import { blog } from "./resource";
import type { ActionEndpoint } from "../../resources/types";

export type BlogArea = "admin" | "supplier";
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

/** Refine resource identifier of each area's blog screens. */
export function blogResource(area: BlogArea): string {
  return area === "admin" ? "blog" : "supplier-blog";
}

function routeOf(area: BlogArea, action: "list" | "create" | "show" | "edit"): string {
  const resource = blog.resources.find((r) => r.meta.area === area);
  const route = resource?.[action];
  if (typeof route !== "string") throw new Error(`blog: no ${action} route for ${area}`);
  return route;
}

/** Screen paths come from the resource module so the pages and the route table never disagree. */
export function blogPaths(area: BlogArea) {
  return {
    list: routeOf(area, "list"),
    create: routeOf(area, "create"),
    show: (id: number | string) => routeOf(area, "show").replace(":id", String(id)),
    edit: (id: number | string) => routeOf(area, "edit").replace(":id", String(id)),
  };
}

type ReadAction = "menu" | "products";
type WriteAction = "close" | "sortProducts" | "removeProduct";

function endpointPath(action: ReadAction | WriteAction): string {
  return (blog.endpoints.actions?.[action] as ActionEndpoint).path;
}

/** `useCustom` parameters: the data provider resolves `meta.action` through the endpoint map. */
export function readCall(action: ReadAction) {
  return { url: endpointPath(action), method: "get" as const, meta: { resource: blog.name, action } };
}

/** `useCustomMutation` parameters for a POST action. */
export function writeCall(action: WriteAction) {
  return { url: endpointPath(action), method: "post" as const, meta: { resource: blog.name, action } };
}

/** Shops of the signed-in user, as kept in localStorage by the auth provider (`[]` for staff). */
export function userShops(): ShopOption[] {
  try {
    const user = JSON.parse(localStorage.getItem("users") ?? "null") as { shops?: ShopOption[] } | null;
    return Array.isArray(user?.shops) ? user.shops : [];
  } catch {
    return [];
  }
}

type FieldError = { field: string; message: string };

/**
 * Server validation errors as antd `setFields` entries. The server answers
 * `errors: [{field, message}]`; a provider may also have turned that into `{field: message}`.
 */
export function serverFieldErrors(error: unknown): { name: string; errors: string[] }[] {
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors)) {
    return (errors as FieldError[])
      .filter((e) => e && typeof e.field === "string")
      // `tags.3` → the `tags` field: the form shows errors per field, not per list item.
      .map((e) => ({ name: e.field.replace(/^\//, "").split(/[./]/)[0], errors: [e.message] }));
  }
  if (errors && typeof errors === "object") {
    return Object.entries(errors as Record<string, unknown>).map(([name, value]) => ({
      name,
      errors: (Array.isArray(value) ? value : [value]).map((v) =>
        typeof v === "string" ? v : String((v as { message?: string })?.message ?? v),
      ),
    }));
  }
  return [];
}

export function errorStatus(error: unknown): number | undefined {
  const e = error as (Partial<HttpError> & { status?: number; response?: { status?: number } }) | null;
  return e?.statusCode ?? e?.status ?? e?.response?.status;
}

export function errorMessage(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : undefined;
}
