import { useState } from "react";
import { useOne, useTranslate } from "@refinedev/core";
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Image,
  InputNumber,
  Modal,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from "antd";
import { ShoppingCartOutlined } from "@ant-design/icons";
import { errorMessage, isNotFound } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import type { CartItem } from "./model";
import { type ProductDetail } from "./types";
import { ON_REST } from "../../providers/rest";

/**
 * One product on sale: its images, price, stock and details; the colours and the quantity to add. The
 * quantity stops at the stock; a product of another shop than the cart's asks first (one order, one shop).
 */
export function ProductDialog({
  id,
  inCart,
  cartShop,
  onAdd,
  onClose,
}: {
  id: number;
  /** Units of it already in the cart. */
  inCart: number;
  /** The shop whose products the cart holds, if any. */
  cartShop: { id: number; name: string } | null;
  onAdd(item: CartItem, replaceCart: boolean): void;
  onClose(): void;
}) {
  const t = useTranslate();
  const { money, number } = useFormat();
  const { result: p, query } = useOne<ProductDetail>({
    resource: "checkout-products",
    ...ON_REST,
    id,
    errorNotification: false,
  });
  const [quantity, setQuantity] = useState(1);
  const [colors, setColors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);

  const body = () => {
    if (query.isError) {
      return (
        <Result
          status={isNotFound(query.error) ? "404" : "error"}
          title={isNotFound(query.error) ? t("checkout.product.notFound") : t("checkout.product.loadFailed")}
          subTitle={isNotFound(query.error) ? undefined : errorMessage(query.error)}
        />
      );
    }
    if (!p || p.id !== id) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
    const left = Math.max(p.stock - inCart, 0);
    return (
      <Flex gap={24} wrap className="checkout-detail">
        <div className="checkout-detail-images">
          {p.images.length ? (
            <Image.PreviewGroup>
              <Image src={p.images[0]} alt={p.name} width="100%" />
              <Flex gap={8} wrap style={{ marginTop: 8 }}>
                {p.images.slice(1, 5).map((src) => (
                  <Image key={src} src={src} alt="" width={56} height={56} style={{ objectFit: "cover" }} />
                ))}
              </Flex>
            </Image.PreviewGroup>
          ) : (
            <div className="checkout-noimage" aria-hidden />
          )}
        </div>
        <div className="checkout-detail-info">
          <Typography.Text type="secondary">{p.shopName}</Typography.Text>
          <Flex align="baseline" gap={8} wrap style={{ margin: "4px 0 12px" }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {money(p.price)}
            </Typography.Title>
            {p.discountPercent > 0 && (
              <>
                <Typography.Text delete type="secondary">
                  {money(p.compareAtPrice)}
                </Typography.Text>
                <Tag color="red">{t("checkout.product.off", { percent: p.discountPercent })}</Tag>
              </>
            )}
            {p.promotion && (
              <Tag
                color={p.promotion.kind === "flash_sale" ? "volcano" : "gold"}
                data-testid="checkout-product-promotion"
              >
                {t(`checkout.promotion.${p.promotion.kind}`, { name: p.promotion.name })}
              </Tag>
            )}
          </Flex>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: "code", label: t("checkout.product.code"), children: <bdi>{p.code}</bdi> },
              {
                key: "stock",
                label: t("checkout.product.stock"),
                children: p.stock > 0 ? number(p.stock) : <Tag>{t("checkout.grid.soldOut")}</Tag>,
              },
              ...(p.brandName
                ? [{ key: "brand", label: t("checkout.grid.brand"), children: <bdi>{p.brandName}</bdi> }]
                : []),
              ...(p.warrantyName
                ? [{ key: "warranty", label: t("checkout.product.warranty"), children: <bdi>{p.warrantyName}</bdi> }]
                : []),
            ]}
          />
          {p.keyHighlights.length > 0 && (
            <ul className="checkout-highlights">
              {p.keyHighlights.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          )}
          {p.colors.length > 0 && (
            <div style={{ marginTop: 12 }}>
              <Typography.Text strong id="checkout-colors">
                {t("checkout.product.colors")}
              </Typography.Text>
              <Checkbox.Group
                aria-labelledby="checkout-colors"
                value={colors}
                onChange={(v) => setColors(v)}
                style={{ display: "flex", gap: 8, marginTop: 4 }}
              >
                {p.colors.map((c) => (
                  <Checkbox key={c.code} value={c.code}>
                    <Space size={6}>
                      <span className="checkout-swatch" style={{ background: c.hex ?? undefined }} aria-hidden />
                      {c.name}
                    </Space>
                  </Checkbox>
                ))}
              </Checkbox.Group>
            </div>
          )}
          <Flex align="center" gap={12} wrap style={{ marginTop: 16 }}>
            <label htmlFor="checkout-quantity">{t("checkout.product.quantity")}</label>
            <InputNumber
              id="checkout-quantity"
              min={1}
              max={Math.max(left, 1)}
              precision={0}
              value={quantity}
              disabled={left === 0}
              onChange={(v) => setQuantity(Math.max(1, Math.min(Number(v) || 1, Math.max(left, 1))))}
            />
            {inCart > 0 && (
              <Typography.Text type="secondary">{t("checkout.product.inCart", { n: number(inCart) })}</Typography.Text>
            )}
          </Flex>
          {left === 0 && p.stock > 0 && (
            <Alert type="info" showIcon style={{ marginTop: 12 }} message={t("checkout.product.allInCart")} />
          )}
          {confirming && cartShop && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 12 }}
              message={t("checkout.product.otherShop", { shop: cartShop.name })}
              action={
                <Space direction="vertical">
                  <Button size="small" danger onClick={() => add(p, true)}>
                    {t("checkout.product.replaceCart")}
                  </Button>
                  <Button size="small" onClick={() => setConfirming(false)}>
                    {t("buttons.cancel")}
                  </Button>
                </Space>
              }
            />
          )}
        </div>
      </Flex>
    );
  };

  const add = (product: ProductDetail, replaceCart: boolean) => {
    onAdd(
      {
        id: product.id,
        price: product.price,
        quantity,
        colors,
        name: product.name,
        code: product.code,
        imageUrl: product.imageUrl,
        shopId: product.shopId,
        shopName: product.shopName,
        stock: product.stock,
      },
      replaceCart,
    );
  };
  const canAdd = !!p && p.id === id && p.stock - inCart > 0;

  return (
    <Modal
      open
      title={p?.id === id ? p.name : t("checkout.product.title")}
      width={820}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t("checkout.close")}
        </Button>,
        <Button
          key="add"
          type="primary"
          icon={<ShoppingCartOutlined />}
          disabled={!canAdd || confirming}
          onClick={() => (cartShop && p && cartShop.id !== p.shopId ? setConfirming(true) : p && add(p, false))}
        >
          {t("checkout.product.add")}
        </Button>,
      ]}
    >
      {body()}
    </Modal>
  );
}
