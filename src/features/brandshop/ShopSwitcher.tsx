import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Select } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { useFamilyShops } from "./family";
import type { Family } from "./model";

/**
 * Another shop of the same family, from the shop page: the brand shops' picker searches by name
 * (`shopProfile`), the house brands are few (`shopmaster`). Shown only when there is another to pick.
 */
export function ShopSwitcher({
  family,
  shopId,
  pathOf,
}: {
  family: Family;
  shopId: number;
  pathOf(id: number): string;
}) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState("");
  const { items, loading } = useFamilyShops(family, keyword);
  if (!keyword && items.length < 2) return null;
  return (
    <Select<number>
      showSearch
      value={shopId}
      loading={loading}
      filterOption={family === "housebrand"}
      optionFilterProp="label"
      onSearch={family === "supplier" ? setKeyword : undefined}
      aria-label={t("brandshop.switcher.label")}
      placeholder={t("brandshop.switcher.label")}
      options={items.map((s) => ({ value: s.id, label: s.name }))}
      onChange={(id) => navigate(`${pathOf(id)}${params.get("tab") ? `?tab=${params.get("tab")}` : ""}`)}
      style={{ width: 240, maxWidth: "100%" }}
    />
  );
}
