import { useTranslate } from "@refinedev/core";
import { Descriptions, Skeleton } from "antd";
import { useProductRead } from "./hooks";
import { EMPTY } from "../../components/kit/format";

interface ShippingConfig {
  shippingType: { id: number; code: string; name: string } | null;
  width: number | null;
  length: number | null;
  height: number | null;
  dimensionUnit: string | null;
  weight: number | null;
  weightUnit: string | null;
  volume: number | null;
  volumeUnit: string | null;
  volumetricWeightKg: number | null;
}

const num = (v: number | null, unit?: string | null) => (v === null ? EMPTY : `${v}${unit ? ` ${unit}` : ""}`);

/** What shipping is computed from (edited on the Details tab). */
export default function ShippingPanel({ productId }: { productId: number }) {
  const t = useTranslate();
  const { data, loading } = useProductRead<{ data: ShippingConfig }>("getconfigshipping", { id: productId });
  if (loading || !data) return <Skeleton active />;
  const c = data.data;
  return (
    <Descriptions bordered size="small" column={1} style={{ maxWidth: 640 }}>
      <Descriptions.Item label={t("product.fields.shippingType", "Shipping type")}>{c.shippingType?.name ?? EMPTY}</Descriptions.Item>
      <Descriptions.Item label={t("product.shipping.dimensions", "W × L × H")}>
        {`${num(c.width)} × ${num(c.length)} × ${num(c.height, c.dimensionUnit)}`}
      </Descriptions.Item>
      <Descriptions.Item label={t("product.fields.weight", "Weight")}>{num(c.weight, c.weightUnit)}</Descriptions.Item>
      <Descriptions.Item label={t("product.fields.volume", "Volume")}>{num(c.volume, c.volumeUnit)}</Descriptions.Item>
      <Descriptions.Item label={t("product.shipping.volumetric", "Volumetric weight")}>{num(c.volumetricWeightKg, "kg")}</Descriptions.Item>
    </Descriptions>
  );
}
