import type { ItemOf } from "../../api";
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Table, Typography } from "antd";
import { useProductRead } from "./hooks";
import type { ListAnswer } from "./model";
import { EMPTY, dateTime } from "../../components/kit/format";

type AuditEntry = ItemOf<"/api/product/auditlog">;

// Bookkeeping columns change on every write; they would drown the real change.
const NOISE = new Set(["updatedAt", "version"]);

const show = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? EMPTY
    : typeof value === "string"
      ? value
      : JSON.stringify(value);
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The fields an entry changed, as `field: before → after` lines. */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!isRecord(before) && !isRecord(after)) return [`${show(before)} → ${show(after)}`];
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  return (
    [...new Set([...Object.keys(b), ...Object.keys(a)])]
      .filter((key) => !NOISE.has(key) && JSON.stringify(b[key]) !== JSON.stringify(a[key]))
      // A new record lists only the fields it was given.
      .filter((key) => key in b || (show(a[key]) !== EMPTY && show(a[key]) !== "[]"))
      .map((key) => (key in b ? `${key}: ${show(b[key])} → ${show(a[key])}` : `${key}: ${show(a[key])}`))
  );
}

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
        {
          dataIndex: "createdAt",
          title: t("product.audit.when", "When"),
          width: 170,
          render: (v: string) => dateTime(v),
        },
        {
          dataIndex: "actorName",
          title: t("product.audit.who", "Who"),
          width: 140,
          render: (v: string | null) => v ?? EMPTY,
        },
        { dataIndex: "action", title: t("product.audit.what", "What"), width: 160 },
        {
          key: "change",
          title: t("product.audit.change", "Before → after"),
          render: (_, e) => (
            <div style={{ display: "grid", gap: 2 }}>
              {changedFields(e.before, e.after).map((line) => (
                <Typography.Text key={line} code style={{ wordBreak: "break-word" }}>
                  {line}
                </Typography.Text>
              ))}
            </div>
          ),
        },
      ]}
    />
  );
}
