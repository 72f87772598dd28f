import type { Answer } from "../../api";
import { useCustom, useTranslate } from "@refinedev/core";
import { Flex, Select, Typography } from "antd";
import { useFormat } from "../../components/kit/format";
import { useTypedSearch } from "../../components/kit/list";
import { Thumb } from "../../components/kit/Thumb";
import { callsOf } from "../../resources/calls";
import campaign from "./endpoints";
import type { ProductOption } from "./model";

const calls = callsOf(campaign);
const PAGE = 20;

/**
 * A searchable select of the products a hotspot may link: approved ones of any shop, by name or code
 * (the product list). `current` is the product linked now, shown even when the search does not find it.
 */
export function ProductSelect({
  value,
  onChange,
  current,
  id,
}: {
  value?: number;
  onChange?: (id: number) => void;
  current?: ProductOption;
  id?: string;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const [search, setTyped] = useTypedSearch();
  const { result, query } = useCustom<Answer<"/api/product/productlist">>(
    calls.readCall("products", { approvalStatus: "approved", page: 1, limit: PAGE, ...(search ? { search } : {}) }),
  );
  const found = result.data?.items ?? [];
  const items = current && !found.some((p) => p.id === current.id) ? [current, ...found] : found;
  return (
    <Select<number>
      id={id}
      showSearch
      value={value}
      onChange={onChange}
      onSearch={setTyped}
      filterOption={false}
      loading={query.isFetching}
      placeholder={t("campaign.hotspot.productPlaceholder")}
      notFoundContent={query.isFetching ? null : t("campaign.hotspot.noProducts")}
      options={items.map((p) => ({ value: p.id, label: p.name, product: p }))}
      optionRender={(option) => {
        const p = (option.data as { product: ProductOption }).product;
        return (
          <Flex gap={10} align="center">
            <Thumb url={p.imageUrl} size={36} />
            <Flex vertical style={{ minWidth: 0 }}>
              <span dir="auto" style={{ whiteSpace: "normal", overflowWrap: "anywhere" }}>
                {p.name}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <bdi>{p.shopName}</bdi> · <bdi>{money(p.price)}</bdi>
              </Typography.Text>
            </Flex>
          </Flex>
        );
      }}
      style={{ width: "100%" }}
    />
  );
}
