import { afterEach, describe, expect, it, vi } from "vitest";
import {
  COMPLETE,
  DEFAULT_SORT,
  initialState,
  PERSIST_KEYS,
  PERSIST_TIMEOUT_MS,
  reachable,
  reducer,
  restore,
  restoreOrEmpty,
  sameShop,
  save,
  type Action,
  type CartItem,
  type CheckoutState,
  type KeptStorage,
} from "../../src/features/checkout/model";

const item = (id: number, price: number, quantity = 1, colors: string[] = [], shopId = 1): CartItem => ({
  id,
  price,
  quantity,
  colors,
  name: `Product ${id}`,
  code: `P${id}`,
  imageUrl: null,
  shopId,
  shopName: `Shop ${shopId}`,
  stock: 50,
});
const run = (...actions: Action[]) => actions.reduce(reducer, initialState);
const billing = {
  name: "Somchai Jaidee",
  phone: "0812345678",
  address: "99/1 Sukhumvit Rd",
  provinceId: 1,
  districtId: 2,
};

/** In-memory storage; `late` makes reads never answer. */
function memory(late = false): KeptStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => (late ? new Promise<string | null>(() => {}) : (data.get(k) ?? null)),
    setItem: (k, v) => {
      data.set(k, v);
    },
  };
}

describe("checkout cart", () => {
  it("adds items; an item already in the cart gets its quantity added and its colours merged", () => {
    const s = run(
      { type: "add", item: item(1, 100, 2, ["red"]) },
      { type: "add", item: item(2, 50) },
      { type: "add", item: item(1, 100, 3, ["blue", "red"]) },
    );
    expect(s.cart).toHaveLength(2);
    expect(s.cart[0]).toMatchObject({ id: 1, quantity: 5, colors: ["red", "blue"] });
    expect(s.totalItems).toBe(6);
  });

  it("+1 and −1 change a quantity by one; −1 stops at 1; remove takes the line out", () => {
    let s = run({ type: "add", item: item(1, 100, 2) }, { type: "increase", id: 1 });
    expect(s.cart[0].quantity).toBe(3);
    s = reducer(reducer(reducer(s, { type: "decrease", id: 1 }), { type: "decrease", id: 1 }), {
      type: "decrease",
      id: 1,
    });
    expect(s.cart[0].quantity).toBe(1);
    s = reducer(s, { type: "remove", id: 1 });
    expect(s.cart).toEqual([]);
    expect(s).toMatchObject({ subtotal: 0, total: 0, totalItems: 0 });
  });

  it("subtotal = Σ price × quantity; total = subtotal − discount + shipping", () => {
    let s = run({ type: "add", item: item(1, 199.99, 3) }, { type: "add", item: item(2, 0.1, 2) });
    expect(s.subtotal).toBe(600.17);
    s = reducer(s, { type: "coupon", coupon: { code: "PHONE10", discount: 60.02 } });
    s = reducer(s, { type: "shipping", shipping: { transportType: "kerry", price: 65 } });
    expect(s).toMatchObject({ subtotal: 600.17, discount: 60.02, shipping: 65, total: 605.15 });
  });

  it("a changed cart drops the coupon and the shipping choice (both were worked out for the old cart)", () => {
    let s = run(
      { type: "add", item: item(1, 100) },
      { type: "coupon", coupon: { code: "X", discount: 10 } },
      { type: "shipping", shipping: { transportType: "kerry", price: 65 } },
    );
    expect(s.total).toBe(155);
    s = reducer(s, { type: "increase", id: 1 });
    expect(s).toMatchObject({ coupon: null, discount: 0, shipping: 0, transportType: null, subtotal: 200, total: 200 });
  });

  it("prices read again replace the cart's; a new price drops the coupon", () => {
    let s = run({ type: "add", item: item(1, 100, 2) }, { type: "coupon", coupon: { code: "X", discount: 20 } });
    s = reducer(s, {
      type: "reprice",
      lines: [{ productId: 1, price: 100, listPrice: 100, promotion: null, stock: 7 }],
    });
    expect(s).toMatchObject({ discount: 20, total: 180 });
    expect(s.cart[0].stock).toBe(7);
    s = reducer(s, {
      type: "reprice",
      lines: [{ productId: 1, price: 120, listPrice: 120, promotion: null, stock: 7 }],
    });
    expect(s).toMatchObject({ coupon: null, discount: 0, subtotal: 240, total: 240 });
  });

  it("a live promotion's price replaces the cart's, with what it saves per line and in all; its end brings the list price back", () => {
    const flash = { kind: "flash_sale" as const, id: 9, name: "Flash sale" };
    let s = run({ type: "add", item: item(1, 809, 2) }, { type: "add", item: item(2, 100, 1) });
    s = reducer(s, {
      type: "reprice",
      lines: [
        { productId: 1, price: 689, listPrice: 809, promotion: flash, stock: 5 },
        { productId: 2, price: 100, listPrice: 100, promotion: null, stock: 5 },
      ],
    });
    expect(s.cart[0]).toMatchObject({ price: 689, listPrice: 809, promotion: flash });
    expect(s).toMatchObject({ subtotal: 1478, saving: 240, total: 1478 });
    s = reducer(s, {
      type: "reprice",
      lines: [{ productId: 1, price: 809, listPrice: 809, promotion: null, stock: 5 }],
    });
    expect(s.cart[0]).toMatchObject({ price: 809, promotion: null });
    expect(s).toMatchObject({ subtotal: 1718, saving: 0 });
  });

  it("holds one shop's products (an order goes to one shop)", () => {
    const s = run({ type: "add", item: item(1, 100, 1, [], 7) });
    expect(sameShop(s, 7)).toBe(true);
    expect(sameShop(s, 8)).toBe(false);
    expect(sameShop(initialState, 8)).toBe(true);
  });
});

describe("checkout steps", () => {
  it("next and back move one step; next stops where the state does not allow more", () => {
    expect(run({ type: "next" }).activeStep).toBe(0);
    let s = run({ type: "add", item: item(1, 100) }, { type: "next" });
    expect(s.activeStep).toBe(1);
    expect(reducer(s, { type: "next" }).activeStep).toBe(1);
    s = reducer(reducer(s, { type: "billing", billing }), { type: "next" });
    expect(s.activeStep).toBe(2);
    // Complete comes from placing the order, not from next.
    expect(reducer(s, { type: "next" }).activeStep).toBe(2);
    s = reducer(s, { type: "back" });
    expect(s.activeStep).toBe(1);
    expect(reducer(reducer(s, { type: "back" }), { type: "back" }).activeStep).toBe(0);
  });

  it("jumps to any step up to the furthest reachable one", () => {
    const s = run({ type: "add", item: item(1, 100) }, { type: "billing", billing });
    expect(reachable(s)).toBe(2);
    expect(reducer(s, { type: "goTo", step: 2 }).activeStep).toBe(2);
    expect(reducer(reducer(s, { type: "goTo", step: 2 }), { type: "goTo", step: 0 }).activeStep).toBe(0);
    expect(reducer(s, { type: "goTo", step: COMPLETE }).activeStep).toBe(0);
    expect(reducer(s, { type: "goTo", step: -1 }).activeStep).toBe(0);
    expect(run({ type: "goTo", step: 1 }).activeStep).toBe(0);
  });

  it("emptying the cart goes back to the cart step", () => {
    const s = run(
      { type: "add", item: item(1, 100) },
      { type: "billing", billing },
      { type: "goTo", step: 2 },
      { type: "remove", id: 1 },
    );
    expect(s.activeStep).toBe(0);
  });

  it("a placed order completes: the cart is sold, and no step goes back to it", () => {
    const order = {
      orderId: 9,
      orderNo: "BO2611000009",
      shopName: "Shop 1",
      status: "pending_payment",
      itemCount: 1,
      subtotal: 100,
      discount: 0,
      shipping: 65,
      total: 165,
      couponCode: null,
    };
    const s = run(
      { type: "add", item: item(1, 100) },
      { type: "billing", billing },
      { type: "goTo", step: 2 },
      { type: "placed", order },
    );
    expect(s).toMatchObject({ activeStep: COMPLETE, cart: [], placed: order });
    expect(reducer(s, { type: "back" }).activeStep).toBe(COMPLETE);
    expect(reducer(s, { type: "goTo", step: 0 }).activeStep).toBe(COMPLETE);
  });

  it("reset sets the step to 0 and empties cart, billing, discount, shipping and totals; the sort stays", () => {
    const s = run(
      { type: "sort", sort: "priceDesc" },
      { type: "add", item: item(1, 100, 2) },
      { type: "billing", billing },
      { type: "goTo", step: 2 },
      { type: "coupon", coupon: { code: "X", discount: 10 } },
      { type: "shipping", shipping: { transportType: "kerry", price: 65 } },
      { type: "payment", method: "cod" },
      { type: "reset" },
    );
    expect(s).toEqual({ ...initialState, sort: "priceDesc" });
    expect(s).toMatchObject({
      activeStep: 0,
      cart: [],
      billing: null,
      discount: 0,
      shipping: 0,
      subtotal: 0,
      total: 0,
      totalItems: 0,
    });
  });
});

describe("checkout in browser storage", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps only the cart and the sort, under the redux- prefix", () => {
    const storage = memory();
    const s = run(
      { type: "add", item: item(1, 100, 2, ["red"]) },
      { type: "billing", billing },
      { type: "sort", sort: "name" },
      { type: "coupon", coupon: { code: "X", discount: 10 } },
    );
    save(storage, s);
    expect([...storage.data.keys()].sort()).toEqual([PERSIST_KEYS.cart, PERSIST_KEYS.sort].sort());
    expect([...storage.data.keys()].every((k) => k.startsWith("redux-"))).toBe(true);
    const text = [...storage.data.values()].join(" ");
    expect(text).not.toContain("Somchai");
    expect(text).not.toContain("discount");
  });

  it("restores the cart and the sort with their totals; nothing else comes back", async () => {
    const storage = memory();
    save(
      storage,
      run({ type: "add", item: item(1, 100, 2) }, { type: "sort", sort: "priceAsc" }, { type: "billing", billing }),
    );
    const kept = await restore(storage);
    const s = reducer(initialState, { type: "restored", kept });
    expect(s).toMatchObject({
      sort: "priceAsc",
      subtotal: 200,
      total: 200,
      totalItems: 2,
      billing: null,
      activeStep: 0,
    });
    expect(s.cart.map((i) => [i.id, i.quantity])).toEqual([[1, 2]]);
  });

  it("starts empty from unreadable storage", async () => {
    const storage = memory();
    storage.setItem(PERSIST_KEYS.cart, "{not json");
    storage.setItem(PERSIST_KEYS.sort, JSON.stringify("sideways"));
    expect(await restore(storage)).toEqual({ cart: [], sort: DEFAULT_SORT });
  });

  it('gives up after 5000 ms with "persist timed out" and starts empty', async () => {
    vi.useFakeTimers();
    const late = restore(memory(true));
    const failed = expect(late).rejects.toThrow("persist timed out");
    await vi.advanceTimersByTimeAsync(PERSIST_TIMEOUT_MS);
    await failed;

    const settled = vi.fn();
    const started = restoreOrEmpty(memory(true)).then((r) => {
      settled();
      return r;
    });
    await vi.advanceTimersByTimeAsync(PERSIST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const { kept, error } = await started;
    expect(error?.message).toBe("persist timed out");
    expect(kept).toEqual({ cart: [], sort: DEFAULT_SORT });
  });
});

// The state type is what the screen reads: keep the spec's names.
const names: (keyof CheckoutState)[] = [
  "activeStep",
  "cart",
  "subtotal",
  "total",
  "discount",
  "shipping",
  "billing",
  "totalItems",
];
it("names the spec's checkout fields", () => {
  expect(Object.keys(initialState)).toEqual(expect.arrayContaining(names));
});
