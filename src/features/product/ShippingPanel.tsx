import type { DataOf } from "../../api";
import { useTranslate } from "@refinedev/core";
import { Descriptions, Skeleton } from "antd";
import { useProductRead } from "./hooks";
import { EMPTY } from "../../components/kit/format";

type ShippingConfig = DataOf<"/api/product/getconfigshipping">;

/** A measure with its unit's code (mm, cm, kg, …): the server names units as master entries. */
const num = (v: number | null, unit?: { code: string } | string | null) =>
  v === null ? EMPTY : `${v}${unit ? ` ${typeof unit === "string" ? unit : unit.code}` : ""}`;

/** What shipping is computed from (edited on the Details tab). */
export default function ShippingPanel({ productId }: { productId: number }) {
  const t = useTranslate();
  const { data, loading } = useProductRead<{ data: ShippingConfig }>("getconfigshipping", { id: productId });
  if (loading || !data) return <Skeleton active />;
  const c = data.data;
  return (
    <Descriptions bordered size="small" column={1} style={{ maxWidth: 640 }}>
      <Descriptions.Item label={t("product.fields.shippingType", "Shipping type")}>
        {c.shippingType?.name ?? EMPTY}
      </Descriptions.Item>
      <Descriptions.Item label={t("product.shipping.dimensions", "W × L × H")}>
        {`${num(c.width)} × ${num(c.length)} × ${num(c.height, c.dimensionUnit)}`}
      </Descriptions.Item>
      <Descriptions.Item label={t("product.fields.weight", "Weight")}>{num(c.weight, c.weightUnit)}</Descriptions.Item>
      <Descriptions.Item label={t("product.fields.volume", "Volume")}>{num(c.volume, c.volumeUnit)}</Descriptions.Item>
      <Descriptions.Item label={t("product.shipping.volumetric", "Volumetric weight")}>
        {num(c.volumetricWeightKg, "kg")}
      </Descriptions.Item>
    </Descriptions>
  );
}
