/**
 * Checkout's state as a pure reducer (spec §3–4): the cart, the step (cart → billing address → delivery
 * and payment → complete), billing, discount, shipping and the totals derived from them. Only the cart
 * and the grid's sort are kept in browser storage (`redux-` keys); restoring them gives up after
 * 5000 ms with a "persist timed out" error and starts empty.
 */

import type { Answer } from "../../api";
import type { GridProduct, NewOrder, Quote } from "./types";

export const STEPS = ["cart", "billing", "delivery", "complete"] as const;
export const COMPLETE = 3;

/** The grid's sort choices → the server's `_sort` / `_order`. */
export const SORTS = {
  newest: { field: "createdAt", order: "desc" },
  priceAsc: { field: "price", order: "asc" },
  priceDesc: { field: "price", order: "desc" },
  name: { field: "name", order: "asc" },
} as const;
export type Sort = keyof typeof SORTS;
export const DEFAULT_SORT: Sort = "newest";

/** A cart line: the product as the grid showed it, with the quantity and colours chosen. */
export interface CartItem extends Pick<
  GridProduct,
  "id" | "price" | "name" | "code" | "imageUrl" | "shopId" | "shopName"
> {
  quantity: number;
  /** Colour codes chosen. */
  colors: string[];
  /** Units on hand when it was added or last priced. */
  stock: number;
  /** The price without the promotion that gives `price`, and that promotion, as the server last priced the line. */
  listPrice?: number;
  promotion?: Promotion | null;
}

export type Promotion = NonNullable<Quote["lines"][number]["promotion"]>;

/** The order's billing address, with the province the form picks the district in. */
export interface Billing extends Omit<NewOrder["billing"], "email" | "subdistrict"> {
  email?: string | null;
  subdistrict?: string | null;
  provinceId: number;
}

export interface Coupon {
  code: string;
  discount: number;
}
export interface Shipping {
  transportType: string;
  price: number;
}
export type PaymentMethod = NewOrder["paymentMethod"];

/** The placed order the last step shows. */
export type Placed = Pick<
  Answer<"/api/v2/checkout-orders", "post">,
  | "orderId"
  | "orderNo"
  | "shopName"
  | "status"
  | "itemCount"
  | "subtotal"
  | "discount"
  | "shipping"
  | "total"
  | "couponCode"
>;

export interface CheckoutState {
  activeStep: number;
  cart: CartItem[];
  billing: Billing | null;
  coupon: Coupon | null;
  discount: number;
  shipping: number;
  transportType: string | null;
  paymentMethod: PaymentMethod;
  subtotal: number;
  /** What the live promotions take off the lines: Σ (listPrice − price) × quantity. */
  saving: number;
  total: number;
  totalItems: number;
  sort: Sort;
  placed: Placed | null;
}

export const initialState: CheckoutState = {
  activeStep: 0,
  cart: [],
  billing: null,
  coupon: null,
  discount: 0,
  shipping: 0,
  transportType: null,
  paymentMethod: "transfer",
  subtotal: 0,
  saving: 0,
  total: 0,
  totalItems: 0,
  sort: DEFAULT_SORT,
  placed: null,
};

export type Action =
  | { type: "add"; item: CartItem }
  | { type: "increase"; id: number }
  | { type: "decrease"; id: number }
  | { type: "remove"; id: number }
  | { type: "next" }
  | { type: "back" }
  | { type: "goTo"; step: number }
  | { type: "billing"; billing: Billing }
  | { type: "shipping"; shipping: Shipping | null }
  | { type: "payment"; method: PaymentMethod }
  | { type: "coupon"; coupon: Coupon | null }
  | {
      type: "reprice";
      lines: Pick<Quote["lines"][number], "productId" | "price" | "listPrice" | "promotion" | "stock">[];
    }
  | { type: "placed"; order: Placed }
  | { type: "sort"; sort: Sort }
  | { type: "restored"; kept: Kept }
  | { type: "reset" };

const money = (v: number) => Math.round(v * 100) / 100;

/** subtotal = Σ price × quantity; saving = Σ (listPrice − price) × quantity; total = subtotal − discount + shipping; totalItems = Σ quantity. */
function totals(s: CheckoutState): CheckoutState {
  const subtotal = money(s.cart.reduce((sum, i) => sum + i.price * i.quantity, 0));
  const saving = money(s.cart.reduce((sum, i) => sum + ((i.listPrice ?? i.price) - i.price) * i.quantity, 0));
  const totalItems = s.cart.reduce((sum, i) => sum + i.quantity, 0);
  return { ...s, subtotal, saving, totalItems, total: money(subtotal - s.discount + s.shipping) };
}

/**
 * A changed cart: the coupon's discount and the shipping rate were worked out for the old one (a
 * percentage of its subtotal, a rate by its weight), so both are dropped to be chosen again, and an
 * empty cart goes back to its step.
 */
function cartChanged(s: CheckoutState, cart: CartItem[]): CheckoutState {
  return totals({
    ...s,
    cart,
    coupon: null,
    discount: 0,
    shipping: 0,
    transportType: null,
    activeStep: cart.length ? s.activeStep : 0,
  });
}

/** The furthest step the state allows: past the cart once it has items, past billing once there is an address. */
export function reachable(s: CheckoutState): number {
  if (s.placed) return COMPLETE;
  if (!s.cart.length) return 0;
  if (!s.billing) return 1;
  return 2;
}

/** Whether the product can join the cart: an order goes to one shop. */
export const sameShop = (s: CheckoutState, shopId: number) => s.cart.every((i) => i.shopId === shopId);

export function reducer(s: CheckoutState, a: Action): CheckoutState {
  switch (a.type) {
    case "add": {
      const at = s.cart.findIndex((i) => i.id === a.item.id);
      if (at < 0) return cartChanged(s, [...s.cart, { ...a.item, colors: [...new Set(a.item.colors)] }]);
      const was = s.cart[at];
      const merged = {
        ...was,
        quantity: was.quantity + a.item.quantity,
        colors: [...new Set([...was.colors, ...a.item.colors])],
      };
      return cartChanged(
        s,
        s.cart.map((i, n) => (n === at ? merged : i)),
      );
    }
    case "increase":
      return cartChanged(
        s,
        s.cart.map((i) => (i.id === a.id ? { ...i, quantity: i.quantity + 1 } : i)),
      );
    case "decrease":
      // Never below 1: taking the last unit out is "remove".
      return s.cart.some((i) => i.id === a.id && i.quantity > 1)
        ? cartChanged(
            s,
            s.cart.map((i) => (i.id === a.id ? { ...i, quantity: i.quantity - 1 } : i)),
          )
        : s;
    case "remove":
      return cartChanged(
        s,
        s.cart.filter((i) => i.id !== a.id),
      );
    case "next":
      return s.activeStep < reachable(s) && s.activeStep < COMPLETE - 1 ? { ...s, activeStep: s.activeStep + 1 } : s;
    case "back":
      return s.activeStep > 0 && !s.placed ? { ...s, activeStep: s.activeStep - 1 } : s;
    case "goTo":
      return !s.placed && a.step >= 0 && a.step < COMPLETE && a.step <= reachable(s) ? { ...s, activeStep: a.step } : s;
    case "billing":
      return { ...s, billing: a.billing };
    case "shipping":
      return totals({ ...s, shipping: a.shipping?.price ?? 0, transportType: a.shipping?.transportType ?? null });
    case "payment":
      return { ...s, paymentMethod: a.method };
    case "coupon":
      return totals({ ...s, coupon: a.coupon, discount: a.coupon?.discount ?? 0 });
    case "reprice": {
      const now = new Map(a.lines.map((l) => [l.productId, l]));
      const changed = s.cart.some((i) => now.get(i.id)?.price !== undefined && now.get(i.id)!.price !== i.price);
      const cart = s.cart.map((i) => {
        const l = now.get(i.id);
        return l ? { ...i, price: l.price, listPrice: l.listPrice, promotion: l.promotion, stock: l.stock } : i;
      });
      // A new price changes the subtotal the coupon was checked against: it is applied again.
      return totals(changed ? { ...s, cart, coupon: null, discount: 0 } : { ...s, cart });
    }
    case "placed":
      // The cart is sold: what stays is the order, until reset.
      return { ...s, cart: [], placed: a.order, activeStep: COMPLETE };
    case "sort":
      return { ...s, sort: a.sort };
    case "restored":
      return totals({ ...s, cart: a.kept.cart, sort: a.kept.sort });
    case "reset":
      // Step 0, and cart, billing, discount, shipping and totals emptied; the sort is a setting of the grid, not of the order.
      return { ...initialState, sort: s.sort };
  }
}

// ---------- browser storage ----------

export const PERSIST_PREFIX = "redux-";
export const PERSIST_KEYS = { cart: `${PERSIST_PREFIX}checkout`, sort: `${PERSIST_PREFIX}sort` } as const;
export const PERSIST_TIMEOUT_MS = 5000;

/** What is kept: the cart and the sort, nothing else. */
export interface Kept {
  cart: CartItem[];
  sort: Sort;
}

/** Storage that may answer late (localStorage answers at once; the timeout covers any that does not). */
export interface KeptStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void;
}

export const keptOf = (s: CheckoutState): Kept => ({ cart: s.cart, sort: s.sort });

export function save(storage: KeptStorage, s: CheckoutState): void {
  storage.setItem(PERSIST_KEYS.cart, JSON.stringify({ cart: s.cart }));
  storage.setItem(PERSIST_KEYS.sort, JSON.stringify(s.sort));
}

const isItem = (v: unknown): v is CartItem => {
  const i = v as CartItem;
  return (
    !!i &&
    typeof i === "object" &&
    Number.isInteger(i.id) &&
    typeof i.price === "number" &&
    Number.isInteger(i.quantity) &&
    i.quantity > 0 &&
    Array.isArray(i.colors) &&
    typeof i.name === "string" &&
    Number.isInteger(i.shopId)
  );
};

/** Parses what was kept; anything unreadable counts as nothing kept. */
export function parseKept(cartRaw: string | null, sortRaw: string | null): Kept {
  let cart: CartItem[] = [];
  let sort: Sort = DEFAULT_SORT;
  try {
    const c = cartRaw ? (JSON.parse(cartRaw) as { cart?: unknown }).cart : [];
    if (Array.isArray(c) && c.every(isItem)) cart = c;
  } catch {
    /* unreadable: start empty */
  }
  try {
    const v: unknown = sortRaw ? JSON.parse(sortRaw) : DEFAULT_SORT;
    if (typeof v === "string" && v in SORTS) sort = v as Sort;
  } catch {
    /* unreadable: default sort */
  }
  return { cart, sort };
}

export class PersistTimeoutError extends Error {
  constructor() {
    super("persist timed out");
    this.name = "PersistTimeoutError";
  }
}

/**
 * Reads what was kept. Storage that has not answered after `timeoutMs` rejects with "persist timed out";
 * `restoreOrEmpty` turns that into an empty start.
 */
export function restore(storage: KeptStorage, timeoutMs = PERSIST_TIMEOUT_MS): Promise<Kept> {
  return new Promise<Kept>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PersistTimeoutError()), timeoutMs);
    Promise.all([storage.getItem(PERSIST_KEYS.cart), storage.getItem(PERSIST_KEYS.sort)]).then(
      ([cart, sort]) => {
        clearTimeout(timer);
        resolve(parseKept(cart, sort));
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The kept cart and sort, or an empty start with the error that stopped the restore. */
export async function restoreOrEmpty(
  storage: KeptStorage,
  timeoutMs = PERSIST_TIMEOUT_MS,
): Promise<{ kept: Kept; error: Error | null }> {
  try {
    return { kept: await restore(storage, timeoutMs), error: null };
  } catch (error) {
    return { kept: { cart: [], sort: DEFAULT_SORT }, error: error instanceof Error ? error : new Error(String(error)) };
  }
}
