import { useParsed, useTranslate } from "@refinedev/core";
import { Alert, Flex, Select, Tag, Typography } from "antd";
import { overridesOf } from "../../components/kit/generated/overrides";
import { useProvinces, useZones } from "./hooks";

/** A zone's provinces by name (the answer holds their codes). */
function ProvinceTags({ codes }: { codes: string[] }) {
  const t = useTranslate();
  const provinces = useProvinces();
  if (!codes.length) return <Typography.Text type="secondary">{t("shipping.zones.noProvinces")}</Typography.Text>;
  const name = (code: string) => provinces.find((p) => p.code === code)?.name ?? code;
  return (
    <Flex wrap gap={4}>
      {codes.map((c) => (
        // The gap spaces them: no table cell's stacking margin on a tag after a tag (kit.css).
        <Tag key={c} style={{ marginInlineEnd: 0, marginTop: 0 }}>
          {name(c)}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * The provinces of a zone, chosen from the master provinces; one another zone has is named with it, and the
 * zones the chosen ones leave are said under the box (the server moves them when the zone is saved).
 */
function ProvincePicker({ value, onChange, id }: { value?: string[]; onChange?(v: string[]): void; id?: string }) {
  const t = useTranslate();
  const provinces = useProvinces();
  const { zones } = useZones();
  const { id: own } = useParsed();
  const others = zones.filter((z) => String(z.id) !== String(own));
  const zoneOf = (code: string) => others.find((z) => z.provinces.includes(code));
  const chosen = value ?? [];
  const moved = others.filter((z) => z.provinces.some((c) => chosen.includes(c)));
  return (
    <Flex vertical gap={8}>
      <Select
        id={id}
        mode="multiple"
        value={chosen}
        onChange={onChange}
        optionFilterProp="label"
        loading={!provinces.length}
        options={provinces.map((p) => {
          const other = zoneOf(p.code);
          return { value: p.code, label: other ? `${p.name} (${other.name})` : p.name };
        })}
      />
      {moved.length > 0 && (
        <Alert
          type="info"
          showIcon
          message={t("shipping.zones.moves", { zones: moved.map((z) => z.name).join(", ") })}
        />
      )}
    </Flex>
  );
}

/** What the settings' generated pages draw differently (src/components/kit/generated/overrides.ts). */
export const overrides = {
  "setting-shippingzone": overridesOf("shipping-zones", {
    cells: { provinces: (codes) => <ProvinceTags codes={codes} /> },
    inputs: { provinces: ProvincePicker },
  }),
};
