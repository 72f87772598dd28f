import { useState } from "react";
import { useCustom, useList, useTranslate, type CrudFilter } from "@refinedev/core";
import { Alert, Button, Card, Col, Empty, Flex, Pagination, Row, Select, Skeleton, Tag, Typography } from "antd";
import { FilterBar, SearchBox } from "../../components/kit/list";
import { errorMessage } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import { Thumb } from "../../components/kit/Thumb";
import { ClippedText } from "../../components/kit/direction";
import { SORTS, type Sort } from "./model";
import { type Filters, type GridProduct } from "./types";
import { ON_REST } from "../../providers/rest";

const PAGE_SIZE = 24;

interface Chosen {
  search: string;
  shopId?: number;
  brandId?: number;
  categoryId?: number;
  stock?: "in" | "out";
}

/**
 * The products on sale (approved and online) as a grid of cards, with search, shop, brand, category and
 * stock filters and the sort (kept in browser storage by the caller). A card opens the product.
 */
export function ProductGrid({
  sort,
  onSort,
  onOpen,
}: {
  sort: Sort;
  onSort(sort: Sort): void;
  onOpen(id: number): void;
}) {
  const t = useTranslate();
  const { money, number } = useFormat();
  const [chosen, setChosen] = useState<Chosen>({ search: "" });
  const [page, setPage] = useState(1);
  const choose = (next: Partial<Chosen>) => {
    setChosen({ ...chosen, ...next });
    setPage(1);
  };

  const filters: CrudFilter[] = [
    ...(chosen.search.trim() ? [{ field: "name", operator: "contains" as const, value: chosen.search.trim() }] : []),
    ...(chosen.shopId ? [{ field: "shopId", operator: "eq" as const, value: chosen.shopId }] : []),
    ...(chosen.brandId ? [{ field: "brandId", operator: "eq" as const, value: chosen.brandId }] : []),
    ...(chosen.categoryId ? [{ field: "categoryId", operator: "eq" as const, value: chosen.categoryId }] : []),
    ...(chosen.stock ? [{ field: "inStock", operator: "eq" as const, value: chosen.stock === "in" }] : []),
  ];
  const { result, query } = useList<GridProduct>({
    resource: "checkout-products",
    ...ON_REST,
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    sorters: [SORTS[sort]],
    filters,
    errorNotification: false,
  });
  const choices = useCustom<Filters>({
    url: "/api/v2/checkout-filters",
    method: "get",
    ...ON_REST,
    errorNotification: false,
  });
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((c) => ({ value: c.id, label: c.name }));
  const filtered = filters.length > 0;
  const rows = result.data ?? [];

  return (
    <>
      <FilterBar
        extra={
          <Select<Sort>
            aria-label={t("checkout.grid.sort")}
            value={sort}
            onChange={onSort}
            style={{ minWidth: 190 }}
            options={(Object.keys(SORTS) as Sort[]).map((s) => ({ value: s, label: t(`checkout.grid.sorts.${s}`) }))}
          />
        }
      >
        <SearchBox label={t("checkout.grid.search")} value={chosen.search} onSearch={(search) => choose({ search })} />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("checkout.grid.shop")}
          placeholder={t("checkout.grid.shop")}
          value={chosen.shopId}
          onChange={(shopId) => choose({ shopId })}
          options={options(choices.result.data?.shops)}
          style={{ minWidth: 180 }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("checkout.grid.brand")}
          placeholder={t("checkout.grid.brand")}
          value={chosen.brandId}
          onChange={(brandId) => choose({ brandId })}
          options={options(choices.result.data?.brands)}
          style={{ minWidth: 150 }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("checkout.grid.category")}
          placeholder={t("checkout.grid.category")}
          value={chosen.categoryId}
          onChange={(categoryId) => choose({ categoryId })}
          options={options(choices.result.data?.categories)}
          style={{ minWidth: 170 }}
        />
        <Select
          allowClear
          aria-label={t("checkout.grid.stock")}
          placeholder={t("checkout.grid.stock")}
          value={chosen.stock}
          onChange={(stock) => choose({ stock })}
          style={{ minWidth: 140 }}
          options={[
            { value: "in", label: t("checkout.grid.inStock") },
            { value: "out", label: t("checkout.grid.soldOut") },
          ]}
        />
      </FilterBar>

      {query.isError && (
        <Alert
          type="error"
          showIcon
          message={t("checkout.grid.loadFailed")}
          description={errorMessage(query.error)}
          style={{ marginBottom: 12 }}
        />
      )}
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : rows.length === 0 ? (
        <Empty description={filtered ? t("checkout.grid.noMatch") : t("checkout.grid.empty")}>
          {filtered && (
            <Button
              onClick={() => {
                setChosen({ search: "" });
                setPage(1);
              }}
            >
              {t("checkout.grid.clearFilters")}
            </Button>
          )}
        </Empty>
      ) : (
        <Row gutter={[16, 16]} className="checkout-grid" data-testid="checkout-grid" data-screen-ready="">
          {rows.map((p) => (
            <Col key={p.id} xs={12} sm={12} md={8} lg={6} xl={4}>
              <Card
                hoverable
                className="checkout-card"
                data-product={p.id}
                onClick={() => onOpen(p.id)}
                cover={
                  <div className="checkout-card-image">
                    <Thumb url={p.imageUrl} size={160} />
                  </div>
                }
                styles={{ body: { padding: 12 } }}
              >
                <div className="checkout-card-name" dir="auto" title={p.name}>
                  <a
                    href={`#product-${p.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      onOpen(p.id);
                    }}
                  >
                    {p.name}
                  </a>
                </div>
                <Typography.Text type="secondary" className="checkout-card-shop">
                  <ClippedText text={p.shopName} />
                </Typography.Text>
                <Flex justify="space-between" align="baseline" wrap gap={4} style={{ marginTop: 6 }}>
                  <span>
                    <Typography.Text strong>{money(p.price)}</Typography.Text>
                    {p.discountPercent > 0 && (
                      <Typography.Text delete type="secondary" className="checkout-was">
                        {money(p.compareAtPrice)}
                      </Typography.Text>
                    )}
                  </span>
                  {p.stock > 0 ? (
                    <Typography.Text type="secondary" className="checkout-stock">
                      {t("checkout.grid.left", { n: number(p.stock) })}
                    </Typography.Text>
                  ) : (
                    <Tag color="default">{t("checkout.grid.soldOut")}</Tag>
                  )}
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {(result.total ?? 0) > PAGE_SIZE && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={result.total}
            showSizeChanger={false}
            onChange={setPage}
            showTotal={(total) => t("checkout.grid.total", { n: number(total) })}
          />
        </Flex>
      )}
    </>
  );
}
