import type { Answer } from "../../api";
import { useCallback, useEffect, useRef, useState } from "react";
import { useCreate, useDataProvider, useInvalidate, useTranslate } from "@refinedev/core";
import { Alert, Button, Flex, Input, Radio, Space, Spin, Typography } from "antd";
import { errorMessage, errorStatus } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import type { Action, CheckoutState, PaymentMethod, Placed } from "./model";
import { type CouponCheck, type NewOrder, type Quote, type QuoteRequest } from "./types";
import { ON_REST, REST_PROVIDER } from "../../providers/rest";
import { RADIO_GROUP } from "../../components/kit/rules";

type ApiError = { message?: string; statusCode?: number; errors?: Record<string, string[]> };
const fieldsOf = (error: unknown) => Object.keys((error as ApiError)?.errors ?? {});

/** A key for one order: the same on every retry and double click, new after the order is placed or the checkout reset. */
const newKey = () =>
  crypto.randomUUID
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-checkout`;

/**
 * Delivery and payment: the cart priced again by the server with each transport type's rate to the
 * address, the payment method, the coupon code (checked on the server), then "Place order". A changed
 * price or total comes back as 409: the cart is priced again and the new total shown before the next try.
 */
export function DeliveryStep({
  state,
  dispatch,
  onPlaced,
}: {
  state: CheckoutState;
  dispatch(a: Action): void;
  onPlaced(order: Placed): void;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const rest = useDataProvider()(REST_PROVIDER);
  const invalidate = useInvalidate();
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [couponText, setCouponText] = useState(state.coupon?.code ?? "");
  const [couponError, setCouponError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<{ kind: "changed" | "stock" | "other"; message: string } | null>(null);
  const key = useRef(newKey());
  const { mutateAsync, mutation } = useCreate<Placed>();
  const billing = state.billing!;
  const items = state.cart.map((i) => ({ productId: i.id, quantity: i.quantity }));
  const cartKey = JSON.stringify(items);

  /** The server's price of the cart now; keeps the chosen transport type at its new price, or drops it when it has none. */
  const fetchQuote = useCallback(
    () =>
      rest
        .create<Quote>({
          resource: "checkout-quotes",
          variables: {
            items: JSON.parse(cartKey) as QuoteRequest["items"],
            districtId: billing.districtId,
          } satisfies QuoteRequest,
        })
        .then(
          ({ data }) => {
            setQuoteError(null);
            setQuote(data);
            dispatch({ type: "reprice", lines: data.lines });
          },
          (error: unknown) => setQuoteError(errorMessage(error)),
        ),
    [rest, cartKey, billing.districtId, dispatch],
  );

  useEffect(() => {
    void fetchQuote();
  }, [fetchQuote]);

  /** Prices again on demand: a shown failure gives way to the spinner at once. */
  const requote = async () => {
    setQuoteError(null);
    await fetchQuote();
  };

  // The chosen transport type follows the quote: its price now, or nothing when it no longer reaches the address.
  const chosen = state.transportType;
  useEffect(() => {
    if (!quote || !chosen) return;
    const o = quote.options.find((x) => x.transportType === chosen);
    if (!o || o.price === null) dispatch({ type: "shipping", shipping: null });
    else if (o.price !== state.shipping)
      dispatch({ type: "shipping", shipping: { transportType: chosen, price: o.price } });
  }, [quote, chosen, state.shipping, dispatch]);

  const customer = billing.email?.trim() || billing.phone;
  const applyCoupon = async () => {
    const code = couponText.trim();
    if (!code) {
      setCouponError(t("checkout.delivery.couponRequired"));
      return;
    }
    setChecking(true);
    setCouponError(null);
    try {
      const { data } = await rest.create<Answer<"/api/v2/coupon-checks", "post">>({
        resource: "coupon-checks",
        variables: { code, subtotal: state.subtotal, customer } satisfies CouponCheck,
      });
      dispatch({ type: "coupon", coupon: { code: data.code, discount: data.discount } });
    } catch (error) {
      setCouponError(errorMessage(error));
    } finally {
      setChecking(false);
    }
  };

  const place = async () => {
    setFailure(null);
    try {
      const { data } = await mutateAsync({
        resource: "checkout-orders",
        ...ON_REST,
        successNotification: false,
        errorNotification: false,
        values: {
          idempotencyKey: key.current,
          items: state.cart.map((i) => ({ productId: i.id, quantity: i.quantity, price: i.price, colors: i.colors })),
          billing: {
            name: billing.name,
            phone: billing.phone,
            email: billing.email || null,
            address: billing.address,
            subdistrict: billing.subdistrict || null,
            districtId: billing.districtId,
          },
          // Placing is offered only once a transport type is chosen (`ready`).
          transportType: state.transportType!,
          paymentMethod: state.paymentMethod,
          couponCode: state.coupon?.code ?? null,
          expectedTotal: state.total,
        } satisfies NewOrder,
      });
      key.current = newKey();
      await invalidate({ resource: "checkout-products", ...ON_REST, invalidates: ["list", "detail"] });
      onPlaced(data);
    } catch (error) {
      const fields = fieldsOf(error);
      if (errorStatus(error) === 409 && fields.includes("expectedTotal")) {
        // Prices or shipping moved: show the customer the total as it is now before the next try.
        await requote();
        setFailure({ kind: "changed", message: errorMessage(error) });
      } else if (errorStatus(error) === 409 && fields.includes("items")) {
        await requote();
        setFailure({ kind: "stock", message: errorMessage(error) });
      } else if (fields.includes("couponCode")) {
        dispatch({ type: "coupon", coupon: null });
        setCouponError(errorMessage(error));
      } else {
        setFailure({ kind: "other", message: errorMessage(error) });
      }
    }
  };

  const options = quote?.options ?? [];
  const ready = !!state.transportType && !!quote && !state.cart.some((i) => i.quantity > i.stock);

  return (
    <Flex vertical gap={20}>
      <section aria-labelledby="checkout-transport">
        <Typography.Title level={5} id="checkout-transport" style={{ marginTop: 0 }}>
          {t("checkout.delivery.transport")}
        </Typography.Title>
        {quoteError && (
          <Alert
            type="error"
            showIcon
            message={t("checkout.delivery.quoteFailed")}
            description={quoteError}
            action={
              <Button size="small" onClick={() => void requote()}>
                {t("checkout.retry")}
              </Button>
            }
          />
        )}
        {!quote && !quoteError ? (
          <Spin />
        ) : (
          <Radio.Group
            {...RADIO_GROUP}
            value={state.transportType}
            onChange={(e) => {
              const o = options.find((x) => x.transportType === e.target.value);
              if (o && o.price !== null)
                dispatch({ type: "shipping", shipping: { transportType: o.transportType, price: o.price } });
            }}
          >
            <Space direction="vertical">
              {options.map((o) => (
                <Radio key={o.transportType} value={o.transportType} disabled={o.price === null}>
                  <Space size={8} wrap>
                    <span>{o.transportTypeName}</span>
                    {o.price === null ? (
                      <Typography.Text type="secondary">{o.reason ?? t("checkout.delivery.noRate")}</Typography.Text>
                    ) : o.price === 0 ? (
                      <Typography.Text type="success">{t("checkout.summary.free")}</Typography.Text>
                    ) : (
                      <Typography.Text strong>{money(o.price)}</Typography.Text>
                    )}
                    {o.deliveryMinDays !== null && o.deliveryMaxDays !== null && (
                      <Typography.Text type="secondary">
                        {o.deliveryMinDays === o.deliveryMaxDays
                          ? t("checkout.delivery.days", { count: o.deliveryMinDays })
                          : t("checkout.delivery.daysRange", { min: o.deliveryMinDays, max: o.deliveryMaxDays })}
                      </Typography.Text>
                    )}
                  </Space>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
        {quote?.freeShippingFrom != null && !quote.freeShipping && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t("checkout.delivery.freeFrom", { amount: money(quote.freeShippingFrom) })}
          </Typography.Paragraph>
        )}
      </section>

      <section aria-labelledby="checkout-payment">
        <Typography.Title level={5} id="checkout-payment">
          {t("checkout.delivery.payment")}
        </Typography.Title>
        <Radio.Group
          {...RADIO_GROUP}
          value={state.paymentMethod}
          onChange={(e) => dispatch({ type: "payment", method: e.target.value as PaymentMethod })}
          options={[
            { value: "transfer", label: t("checkout.delivery.methods.transfer") },
            { value: "cod", label: t("checkout.delivery.methods.cod") },
          ]}
        />
      </section>

      <section aria-labelledby="checkout-coupon">
        <Typography.Title level={5} id="checkout-coupon">
          {t("checkout.delivery.coupon")}
        </Typography.Title>
        {state.coupon ? (
          <Space wrap>
            <Typography.Text>
              <bdi>{state.coupon.code}</bdi> · −{money(state.coupon.discount)}
            </Typography.Text>
            <Button
              size="small"
              onClick={() => {
                dispatch({ type: "coupon", coupon: null });
                setCouponText("");
              }}
            >
              {t("checkout.delivery.removeCoupon")}
            </Button>
          </Space>
        ) : (
          <Space.Compact style={{ maxWidth: 360, width: "100%" }}>
            <Input
              aria-label={t("checkout.delivery.coupon")}
              placeholder={t("checkout.delivery.couponPlaceholder")}
              value={couponText}
              dir="ltr"
              status={couponError ? "error" : undefined}
              onChange={(e) => setCouponText(e.target.value)}
              onPressEnter={() => void applyCoupon()}
            />
            <Button loading={checking} onClick={() => void applyCoupon()}>
              {t("checkout.delivery.applyCoupon")}
            </Button>
          </Space.Compact>
        )}
        {couponError && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 4, marginBottom: 0 }}>
            {couponError}
          </Typography.Paragraph>
        )}
      </section>

      {failure && (
        <Alert
          type={failure.kind === "changed" ? "warning" : "error"}
          showIcon
          role="alert"
          message={
            failure.kind === "changed"
              ? t("checkout.delivery.totalChanged", { total: money(state.total) })
              : failure.kind === "stock"
                ? t("checkout.delivery.stockShort")
                : t("checkout.delivery.placeFailed")
          }
          description={failure.message}
          action={
            failure.kind === "stock" ? (
              <Button size="small" onClick={() => dispatch({ type: "goTo", step: 0 })}>
                {t("checkout.steps.backTo", { step: t("checkout.steps.cart") })}
              </Button>
            ) : undefined
          }
        />
      )}

      <Flex justify="space-between" gap={8} wrap>
        <Button onClick={() => dispatch({ type: "back" })}>
          {t("checkout.steps.backTo", { step: t("checkout.steps.billing") })}
        </Button>
        <Button
          type="primary"
          size="large"
          disabled={!ready}
          loading={mutation.isPending}
          onClick={() => void place()}
          data-testid="checkout-place"
        >
          {failure?.kind === "changed"
            ? t("checkout.delivery.placeAtNewTotal", { total: money(state.total) })
            : t("checkout.delivery.place", { total: money(state.total) })}
        </Button>
      </Flex>
    </Flex>
  );
}
