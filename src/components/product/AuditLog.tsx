import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Table, Typography } from "antd";
import dayjs from "dayjs";
import { useProductRead } from "./hooks";
import type { ListAnswer } from "./model";

interface AuditEntry {
  id: number;
  action: string;
  actorId: number | null;
  actorName: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

const show = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value));

/** Who changed what on a product, newest first, with the before and after values. */
export function AuditLog({ productId }: { productId: number }) {
  const t = useTranslate();
  const [page, setPage] = useState(1);
  const { data, loading } = useProductRead<ListAnswer<AuditEntry>>("auditlog", { id: productId, page, limit: 10 });
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={data?.items ?? []}
      pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      locale={{ emptyText: t("product.audit.empty", "No changes recorded yet") }}
      scroll={{ x: 800 }}
      columns={[
        { dataIndex: "createdAt", title: t("product.audit.when", "When"), width: 170, render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm") },
        { dataIndex: "actorName", title: t("product.audit.who", "Who"), width: 140, render: (v: string | null) => v ?? "–" },
        { dataIndex: "action", title: t("product.audit.what", "What"), width: 160 },
        {
          key: "change",
          title: t("product.audit.change", "Before → after"),
          render: (_, e) => (
            <Typography.Text code style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
              {show(e.before)} → {show(e.after)}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
