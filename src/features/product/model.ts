import type { DataOf, ItemOf } from "../../api";
import { product } from "./endpoints";
import { callsOf, screenPath } from "../../resources/calls";
import { saveBlob } from "../../components/kit/download";

export type ProductArea = "admin" | "supplier";
export type ProductSummary = ItemOf<"/api/product/productlist">;
export type ApprovalStatus = ProductSummary["approvalStatus"];
export const APPROVAL_STATUSES: ApprovalStatus[] = ["draft", "pending", "resubmitted", "approved", "rejected"];
/** English fallbacks of `product.status.*`. */
export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  draft: "Draft",
  pending: "Pending approval",
  resubmitted: "Resubmitted",
  approved: "Approved",
  rejected: "Rejected",
};

/** One product with its content fields; `compareAtPrice` is the regular price shown struck through (null: not discounted). */
export type ProductDetail = DataOf<"/api/product/getproduct">;

/** An image, video or audio file of a product, in its order (`sort`). */
export type Media = ItemOf<"/api/product/imageproduct">;

/** An outbox job of the product with its delivery state (`kind`: the job's topic). */
export type Job = ItemOf<"/api/product/jobs">;

export type MasterItem = ItemOf<"/api/masterdata/masterbrand">;

export interface Option {
  id: number;
  name: string;
}

export interface ListAnswer<T> {
  items: T[];
  total: number;
  maxpage: number;
}

/** Refine resource names of the product screens (the data provider picks their endpoints by it). */
export const RESOURCES = {
  product: "product",
  approve: "product-approve",
  visible: "product-visible",
  attribute: "product-attribute",
  reportNew: "product-report-new",
  installRate: "product-installrate",
  newProduct: "newproduct",
} as const;

/** Screen paths come from the table of screens so pages and the route table never disagree. */
export const productPaths = (area: ProductArea) => {
  const screen = area === "admin" ? "product" : "supplier-product";
  return { list: screenPath(screen, "list"), edit: (pid: number | string) => screenPath(screen, "edit", pid) };
};

export const newProductPaths = {
  list: screenPath("supplier-newproduct", "list"),
  create: screenPath("supplier-newproduct", "create"),
  edit: (pid: number | string) => screenPath("supplier-newproduct", "edit", pid),
};

export const { readCall, writeCall } = callsOf(product);

/** A multipart body: text fields before the file, as the server requires. */
export function uploadBody(fields: Record<string, string | number>, file: File): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  body.append("file", file);
  return body;
}

/** Saves a CSV answer (a string) as a file download. */
export function downloadCsv(csv: string, filename: string) {
  saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), filename);
}
