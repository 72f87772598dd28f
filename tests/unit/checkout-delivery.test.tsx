import { useReducer } from "react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter } from "react-router";
import { App as AntApp } from "antd";
import strings from "../../public/locales/en/checkout.json";
import common from "../../public/locales/en/common.json";
import { createDataProvider } from "../../src/providers/data";
import { restDataProvider } from "../../src/providers/rest";
import { checkout } from "../../src/features/checkout/resource";
import { DeliveryStep } from "../../src/features/checkout/DeliveryStep";
import { initialState, reducer, type Action, type CheckoutState, type Placed } from "../../src/features/checkout/model";
import { englishFrom, keysOnlyI18n, mockHttp, type Recorded } from "./helpers";

/**
 * Delivery and payment over the real `rest` data provider, the HTTP layer answering like the server
 * (tests/server/checkout.test.ts covers the server): the quote prices the cart, a 409 for a changed price
 * shows the new total and the next try sends it with the same idempotency key.
 */
let price: number;
let orders: Recorded[];
let http: ReturnType<typeof mockHttp>;
const placed: Placed = {
  orderId: 7,
  orderNo: "BO2611000007",
  shopName: "HomeBase Essentials",
  status: "pending_payment",
  itemCount: 1,
  subtotal: 240,
  discount: 0,
  shipping: 65,
  total: 305,
  couponCode: null,
};

function server(req: Recorded): { status: number; data?: unknown } {
  const path = req.url.split("?")[0];
  if (req.method === "POST" && path === "/api/v2/checkout-quotes") {
    const qty = 2;
    return {
      status: 200,
      data: {
        shopId: 1,
        shopName: "HomeBase Essentials",
        subtotal: price * qty,
        weightKg: 2,
        freeShippingFrom: 1500,
        freeShipping: false,
        maxQuantity: 50,
        lines: [{ productId: 11, name: "Fan", price, stock: 20, quantity: qty, amount: price * qty }],
        options: [
          {
            transportType: "kerry",
            transportTypeName: "Kerry Express",
            zone: "bkk",
            zoneName: "Bangkok",
            ratePrice: 65,
            price: 65,
            reason: null,
          },
          {
            transportType: "truck",
            transportTypeName: "Store truck",
            zone: "bkk",
            zoneName: "Bangkok",
            ratePrice: null,
            price: null,
            reason: "No rate for 2 kg",
          },
        ],
      },
    };
  }
  if (req.method === "POST" && path === "/api/v2/checkout-orders") {
    orders.push(req);
    const body = req.data as { expectedTotal: number };
    if (body.expectedTotal !== price * 2 + 65) {
      return {
        status: 409,
        data: {
          status: 409,
          message: `The total is now ${price * 2 + 65}.00 THB, not ${body.expectedTotal}.00 THB.`,
          errors: [
            { field: "items.0.price", message: "Fan now costs 120.00 THB" },
            { field: "expectedTotal", message: "The total is now 305.00 THB." },
          ],
        },
      };
    }
    return { status: 201, data: placed };
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

beforeEach(() => {
  keysOnlyI18n();
  price = 100;
  orders = [];
  http = mockHttp(server);
});
afterEach(() => http.restore());

const start: CheckoutState = [
  {
    type: "add",
    item: {
      id: 11,
      price: 100,
      quantity: 2,
      colors: [],
      name: "Fan",
      code: "F-1",
      imageUrl: null,
      shopId: 1,
      shopName: "HomeBase Essentials",
      stock: 20,
    },
  },
  {
    type: "billing",
    billing: {
      name: "Somchai Jaidee",
      phone: "0812345678",
      address: "99/1 Sukhumvit Rd",
      provinceId: 1,
      districtId: 2,
    },
  },
  { type: "goTo", step: 2 },
].reduce((s, a) => reducer(s, a as Action), initialState);

function Harness({ onPlaced }: { onPlaced(o: Placed): void }) {
  const [state, dispatch] = useReducer(reducer, start);
  return (
    <>
      <output data-testid="total">{state.total}</output>
      <DeliveryStep state={state} dispatch={dispatch} onPlaced={onPlaced} />
    </>
  );
}

function renderStep(onPlaced: (o: Placed) => void) {
  return render(
    <MemoryRouter>
      <AntApp>
        <Refine
          dataProvider={{ default: createDataProvider([checkout]), rest: restDataProvider }}
          routerProvider={routerProvider}
          resources={checkout.resources}
          i18nProvider={englishFrom({ ...strings, ...common })}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Harness onPlaced={onPlaced} />
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

describe("checkout delivery and payment", { timeout: 20_000 }, () => {
  it("offers the transport types the server priced; one without a rate says why and cannot be chosen; no order before a choice", async () => {
    renderStep(vi.fn());
    const kerry = await screen.findByRole("radio", { name: /Kerry Express/ });
    expect(screen.getByRole("radio", { name: /Store truck/ })).toBeDisabled();
    expect(screen.getByText("No rate for 2 kg")).toBeInTheDocument();
    expect(screen.getByTestId("checkout-place")).toBeDisabled();
    fireEvent.click(kerry);
    await waitFor(() => expect(screen.getByTestId("total").textContent).toBe("265"));
    expect(screen.getByTestId("checkout-place")).toBeEnabled();
  });

  it("shows the new total after a price change and places the order at it with the same idempotency key", async () => {
    const onPlaced = vi.fn();
    renderStep(onPlaced);
    fireEvent.click(await screen.findByRole("radio", { name: /Kerry Express/ }));
    await waitFor(() => expect(screen.getByTestId("total").textContent).toBe("265"));
    price = 120;
    fireEvent.click(screen.getByTestId("checkout-place"));
    await screen.findByText(/The total is now ฿305\.00/);
    expect(screen.getByTestId("total").textContent).toBe("305");
    expect(onPlaced).not.toHaveBeenCalled();
    expect(screen.getByTestId("checkout-place").textContent).toMatch(/Place order at the new total · ฿305\.00/);

    fireEvent.click(screen.getByTestId("checkout-place"));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    const [first, second] = orders.map(
      (o) =>
        o.data as { idempotencyKey: string; expectedTotal: number; items: { price: number }[]; transportType: string },
    );
    expect(first).toMatchObject({ expectedTotal: 265, items: [{ price: 100 }], transportType: "kerry" });
    expect(second).toMatchObject({ expectedTotal: 305, items: [{ price: 120 }], transportType: "kerry" });
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    expect(first.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  });
});
