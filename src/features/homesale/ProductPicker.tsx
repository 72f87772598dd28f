import { useState } from "react";
import { useCustom, useTranslate } from "@refinedev/core";
import { Button, Empty, Flex, List, Pagination, Typography } from "antd";
import { CheckOutlined, PlusOutlined } from "@ant-design/icons";
import { useFormat } from "../../components/kit/format";
import { SearchBox } from "../../components/kit/list";
import { Thumb } from "../../components/kit/Thumb";
import { ClippedName } from "./ClippedName";
import type { PickedProduct, ProductQuery } from "./model";

const PAGE = 8;

/**
 * Approved products of every shop, searched by name or code (`/api/product/productlist` through the
 * screen's `products` verb), each added with one click; products already chosen say so instead.
 * `resource` is the screen whose endpoint map holds the verb (home sale, trade-in).
 */
export function ProductPicker({
  resource,
  chosen,
  onAdd,
  disabled = false,
}: {
  resource: string;
  chosen: number[];
  onAdd(product: PickedProduct): void;
  disabled?: boolean;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const { result, query } = useCustom<{ items: PickedProduct[]; total: number }>({
    url: "/api/product/productlist",
    method: "get",
    config: {
      query: { approvalStatus: "approved", page, limit: PAGE, ...(search ? { search } : {}) } satisfies ProductQuery,
    },
    meta: { resource, action: "products" },
    errorNotification: false,
  });
  const rows = result.data?.items ?? [];
  return (
    <Flex vertical gap={8}>
      <SearchBox
        label={t("homesale.picker.search")}
        value={search}
        onSearch={(s) => {
          setSearch(s);
          setPage(1);
        }}
        width={320}
      />
      <List<PickedProduct>
        size="small"
        bordered
        loading={query.isFetching}
        dataSource={rows}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(query.isError ? "homesale.picker.failed" : "homesale.picker.none")}
            />
          ),
        }}
        renderItem={(p) => {
          const added = chosen.includes(p.id);
          return (
            <List.Item
              actions={[
                <Button
                  key="add"
                  size="small"
                  type={added ? "text" : "default"}
                  icon={added ? <CheckOutlined /> : <PlusOutlined />}
                  disabled={added || disabled}
                  aria-label={`${t(added ? "homesale.picker.added" : "homesale.picker.add")}: ${p.name}`}
                  onClick={() => onAdd(p)}
                >
                  {t(added ? "homesale.picker.added" : "homesale.picker.add")}
                </Button>,
              ]}
            >
              <Flex gap={10} align="center" style={{ minWidth: 0, flex: 1 }}>
                <Thumb url={p.imageUrl} size={36} />
                <Flex vertical style={{ minWidth: 0 }}>
                  <ClippedName text={p.name} />
                  <Typography.Text type="secondary" className="homesale-meta" style={{ fontSize: 12 }}>
                    <bdi>{p.code}</bdi> · <bdi>{p.shopName}</bdi> · <bdi>{money(p.price)}</bdi>
                  </Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          );
        }}
      />
      {(result.data?.total ?? 0) > PAGE && (
        <Pagination
          size="small"
          current={page}
          pageSize={PAGE}
          total={result.data?.total ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </Flex>
  );
}
