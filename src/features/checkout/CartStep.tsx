import { useTranslate } from "@refinedev/core";
import { Button, Empty, Flex, Popconfirm, Tag, Typography } from "antd";
import { DeleteOutlined, MinusOutlined, PlusOutlined } from "@ant-design/icons";
import { useFormat } from "../../components/kit/format";
import { Thumb } from "../../components/kit/Thumb";
import type { Action, CheckoutState } from "./model";

/** The cart's lines: +1 / −1 (−1 stops at 1, + at the stock), remove after a confirm; the amount of each. */
export function CartLines({
  state,
  dispatch,
  onBrowse,
}: {
  state: CheckoutState;
  dispatch(a: Action): void;
  onBrowse(): void;
}) {
  const t = useTranslate();
  const { money, number } = useFormat();
  if (!state.cart.length) {
    return (
      <Empty description={t("checkout.cart.empty")}>
        <Button type="primary" onClick={onBrowse}>
          {t("checkout.cart.browse")}
        </Button>
      </Empty>
    );
  }
  return (
    <ul className="checkout-lines" aria-label={t("checkout.cart.title")}>
      {state.cart.map((i) => (
        <li key={i.id} className="checkout-line" data-product={i.id}>
          <Thumb url={i.imageUrl} size={64} />
          <div className="checkout-line-main">
            <Typography.Text strong className="checkout-line-name">
              {i.name}
            </Typography.Text>
            <Typography.Text type="secondary" className="checkout-line-meta">
              <bdi>{i.code}</bdi> · {money(i.price)}
              {i.promotion && i.listPrice !== undefined && i.listPrice > i.price && (
                <>
                  {" "}
                  <del>{money(i.listPrice)}</del>
                </>
              )}
            </Typography.Text>
            {i.promotion && (
              <Flex gap={4} wrap align="center" data-testid="checkout-line-promotion">
                <Tag color={i.promotion.kind === "flash_sale" ? "volcano" : "gold"}>
                  {t(`checkout.promotion.${i.promotion.kind}`, { name: i.promotion.name })}
                </Tag>
                {i.listPrice !== undefined && i.listPrice > i.price && (
                  <Typography.Text type="success">
                    {t("checkout.promotion.saving", { amount: money((i.listPrice - i.price) * i.quantity) })}
                  </Typography.Text>
                )}
              </Flex>
            )}
            {i.colors.length > 0 && (
              <Flex gap={4} wrap>
                {i.colors.map((c) => (
                  <Tag key={c} className="checkout-color">
                    {c}
                  </Tag>
                ))}
              </Flex>
            )}
            {i.quantity > i.stock && (
              <Typography.Text type="danger">{t("checkout.cart.overStock", { n: number(i.stock) })}</Typography.Text>
            )}
          </div>
          <Flex align="center" gap={4} className="checkout-qty">
            <Button
              size="small"
              icon={<MinusOutlined />}
              aria-label={t("checkout.cart.decrease", { name: i.name })}
              disabled={i.quantity <= 1}
              onClick={() => dispatch({ type: "decrease", id: i.id })}
            />
            <span className="checkout-qty-value" aria-label={t("checkout.cart.quantity")}>
              {number(i.quantity)}
            </span>
            <Button
              size="small"
              icon={<PlusOutlined />}
              aria-label={t("checkout.cart.increase", { name: i.name })}
              disabled={i.quantity >= i.stock}
              onClick={() => dispatch({ type: "increase", id: i.id })}
            />
          </Flex>
          <Typography.Text strong className="checkout-line-amount">
            {money(i.price * i.quantity)}
          </Typography.Text>
          <Popconfirm
            title={t("checkout.cart.removeConfirm", { name: i.name })}
            okText={t("checkout.cart.remove")}
            cancelText={t("buttons.cancel")}
            okButtonProps={{ danger: true }}
            onConfirm={() => dispatch({ type: "remove", id: i.id })}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t("checkout.cart.removeItem", { name: i.name })}
            />
          </Popconfirm>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, discount, shipping and total, as the reducer derives them. */
export function Summary({ state, shippingKnown }: { state: CheckoutState; shippingKnown: boolean }) {
  const t = useTranslate();
  const { money, number } = useFormat();
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Flex justify="space-between" gap={12} className="checkout-summary-row" data-testid={testId}>
      <Typography.Text strong={strong}>{label}</Typography.Text>
      <Typography.Text strong={strong}>{value}</Typography.Text>
    </Flex>
  );
  return (
    <div className="checkout-summary" aria-label={t("checkout.summary.title")}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t("checkout.summary.title")}
      </Typography.Title>
      {row(t("checkout.summary.items"), number(state.totalItems), "checkout-items")}
      {row(t("checkout.summary.subtotal"), money(state.subtotal), "checkout-subtotal")}
      {row(
        t("checkout.summary.discount"),
        state.discount ? `−${money(state.discount)}` : money(0),
        "checkout-discount",
      )}
      {row(
        t("checkout.summary.shipping"),
        shippingKnown
          ? state.shipping
            ? money(state.shipping)
            : t("checkout.summary.free")
          : t("checkout.summary.notChosen"),
        "checkout-shipping",
      )}
      <div className="checkout-summary-total">
        {row(t("checkout.summary.total"), money(state.total), "checkout-total", true)}
      </div>
      {state.saving > 0 && (
        <Typography.Text type="success" data-testid="checkout-saving">
          {t("checkout.promotion.saving", { amount: money(state.saving) })}
        </Typography.Text>
      )}
    </div>
  );
}
