import { useMemo, type CSSProperties } from "react";
import { useTranslate } from "@refinedev/core";
import { List } from "@refinedev/antd";
import { Alert, App, Badge, Button, Col, Flex, Popconfirm, Result, Row, Spin, Steps, Typography, theme } from "antd";
import { AppstoreOutlined, ShoppingCartOutlined } from "@ant-design/icons";
import { Link, useSearchParams } from "react-router";
import { ThenChevron } from "../../components/kit/direction";
import { useFormat } from "../../components/kit/format";
import { screenPath } from "../../resources/calls";
import { BillingStep } from "./BillingStep";
import { CartLines, Summary } from "./CartStep";
import { DeliveryStep } from "./DeliveryStep";
import { COMPLETE, reachable, sameShop, STEPS, type CartItem, type CheckoutState, type Placed } from "./model";
import { ProductDialog } from "./ProductDialog";
import { ProductGrid } from "./ProductGrid";
import { useCartPrices } from "./useCartPrices";
import { useCheckout } from "./useCheckout";
import "./checkout.css";

/**
 * Checkout: staff place an order for a customer (a phone order). The products on sale as a grid, a
 * product's detail in a dialog (`?product=<id>`), and the checkout (`?view=checkout`): cart → billing
 * address → delivery and payment → complete. The cart and the grid's sort survive a reload (browser
 * storage); the rest of an unfinished checkout does not.
 */
export function CheckoutScreen() {
  const t = useTranslate();
  const { notification } = App.useApp();
  const { state, dispatch, ready, restoreError } = useCheckout();
  const [params, setParams] = useSearchParams();
  const view = params.get("view") === "checkout" ? "checkout" : "shop";
  const productId = Number(params.get("product")) || undefined;
  const { token } = theme.useToken();
  const colors = useMemo(
    () =>
      ({
        "--checkout-border": token.colorBorderSecondary,
        "--checkout-muted-bg": token.colorFillQuaternary,
        "--checkout-radius": `${token.borderRadiusLG}px`,
      }) as CSSProperties,
    [token],
  );

  const go = (next: { view?: "checkout" | "shop"; product?: number }) => {
    const p = new URLSearchParams(params);
    if (next.view === "checkout") p.set("view", "checkout");
    else if (next.view === "shop") p.delete("view");
    if (next.product) p.set("product", String(next.product));
    else p.delete("product");
    setParams(p);
  };

  const cartShop = state.cart.length ? { id: state.cart[0].shopId, name: state.cart[0].shopName } : null;
  const add = (item: CartItem, replaceCart: boolean) => {
    if (state.placed) dispatch({ type: "reset" });
    if (replaceCart) for (const i of state.cart) dispatch({ type: "remove", id: i.id });
    else if (!sameShop(state, item.shopId)) return;
    dispatch({ type: "add", item });
    go({});
    notification.success({
      message: t("checkout.product.added", { name: item.name, n: item.quantity }),
      placement: "bottomRight",
    });
  };

  const cartButton = (
    <Badge count={state.totalItems} overflowCount={999} offset={[-4, 4]}>
      <Button
        type={view === "shop" ? "primary" : "default"}
        icon={<ShoppingCartOutlined />}
        onClick={() => go({ view: "checkout" })}
        data-testid="checkout-cart-button"
      >
        {t("checkout.cart.title")}
      </Button>
    </Badge>
  );
  const header =
    view === "shop" ? (
      cartButton
    ) : (
      <Button icon={<AppstoreOutlined />} onClick={() => go({ view: "shop" })}>
        {t("checkout.products")}
      </Button>
    );

  return (
    <List title={t("resources.checkout")} headerButtons={header}>
      <div style={colors} className="checkout">
        {restoreError && (
          <Alert
            type="warning"
            showIcon
            closable
            style={{ marginBottom: 12 }}
            message={t("checkout.restoreFailed")}
            description={restoreError}
          />
        )}
        {!ready ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : view === "shop" ? (
          <ProductGrid
            sort={state.sort}
            onSort={(sort) => dispatch({ type: "sort", sort })}
            onOpen={(id) => go({ product: id })}
          />
        ) : (
          <CheckoutSteps state={state} dispatch={dispatch} onBrowse={() => go({ view: "shop" })} />
        )}
        {productId && ready && (
          <ProductDialog
            id={productId}
            cartShop={cartShop}
            inCart={state.cart.find((i) => i.id === productId)?.quantity ?? 0}
            onAdd={add}
            onClose={() => go({})}
          />
        )}
      </div>
    </List>
  );
}

function CheckoutSteps({
  state,
  dispatch,
  onBrowse,
}: {
  state: CheckoutState;
  dispatch: ReturnType<typeof useCheckout>["dispatch"];
  onBrowse(): void;
}) {
  const t = useTranslate();
  const furthest = reachable(state);
  const step = state.activeStep;
  const priceError = useCartPrices(state, dispatch, step < 2 && !state.placed);
  const reset = (
    <Popconfirm
      title={t("checkout.resetConfirm")}
      okText={t("checkout.reset")}
      cancelText={t("buttons.cancel")}
      okButtonProps={{ danger: true }}
      onConfirm={() => dispatch({ type: "reset" })}
    >
      <Button danger disabled={!state.cart.length && !state.billing}>
        {t("checkout.reset")}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      <Steps
        current={step}
        onChange={(n) => dispatch({ type: "goTo", step: n })}
        responsive
        className="checkout-steps"
        items={STEPS.map((s, n) => ({
          title: t(`checkout.steps.${s}`),
          disabled: !!state.placed || n > furthest || n === COMPLETE,
        }))}
      />
      {step === COMPLETE && state.placed ? (
        <Complete order={state.placed} onNew={() => dispatch({ type: "reset" })} />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={16}>
            {step === 0 && (
              <>
                {priceError && (
                  <Alert
                    type="error"
                    showIcon
                    style={{ marginBottom: 12 }}
                    message={t("checkout.delivery.quoteFailed")}
                    description={priceError}
                  />
                )}
                <CartLines state={state} dispatch={dispatch} onBrowse={onBrowse} />
                {state.cart.length > 0 && (
                  <Flex justify="space-between" gap={8} wrap style={{ marginTop: 16 }}>
                    <Flex gap={8} wrap>
                      <Button onClick={onBrowse}>{t("checkout.cart.addMore")}</Button>
                      {reset}
                    </Flex>
                    <Button type="primary" onClick={() => dispatch({ type: "next" })}>
                      {t("checkout.steps.nextTo", { step: t("checkout.steps.billing") })} <ThenChevron />
                    </Button>
                  </Flex>
                )}
              </>
            )}
            {step === 1 && (
              <BillingStep
                billing={state.billing}
                onBack={() => dispatch({ type: "back" })}
                onDone={(billing) => {
                  dispatch({ type: "billing", billing });
                  dispatch({ type: "next" });
                }}
              />
            )}
            {step === 2 && (
              <DeliveryStep
                state={state}
                dispatch={dispatch}
                onPlaced={(order) => dispatch({ type: "placed", order })}
              />
            )}
          </Col>
          <Col xs={24} lg={8}>
            <Summary state={state} shippingKnown={!!state.transportType} />
            {step > 0 && state.cart.length > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t("checkout.summary.shop", { shop: state.cart[0].shopName })}
              </Typography.Paragraph>
            )}
          </Col>
        </Row>
      )}
    </>
  );
}

function Complete({ order, onNew }: { order: Placed; onNew(): void }) {
  const t = useTranslate();
  const { money } = useFormat();
  return (
    <div data-testid="checkout-complete">
      <Result
        status="success"
        title={t("checkout.complete.title", { orderNo: order.orderNo })}
        subTitle={t("checkout.complete.subtitle", { total: money(order.total), shop: order.shopName })}
        extra={[
          <Link key="order" to={screenPath("orders", "show", order.orderId)}>
            <Button type="primary">{t("checkout.complete.openOrder")}</Button>
          </Link>,
          <Link key="list" to={screenPath("orders", "list")}>
            <Button>{t("checkout.complete.orderList")}</Button>
          </Link>,
          <Button key="new" onClick={onNew}>
            {t("checkout.complete.newOrder")}
          </Button>,
        ]}
      />
    </div>
  );
}
