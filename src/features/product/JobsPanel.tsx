import { useTranslate } from "@refinedev/core";
import { Table } from "antd";
import { useProductRead } from "./hooks";
import { JobTag } from "./StateTags";
import type { Job, ListAnswer } from "./model";
import { dateTime } from "../../components/kit/format";

/** The product's outbox jobs (syncs, TIS, GP); the parent remounts it (key) to refetch after a sync. */
export function JobsPanel({ productId }: { productId: number }) {
  const t = useTranslate();
  const { data, loading } = useProductRead<ListAnswer<Job>>("jobs", { id: productId });
  return (
    <Table<Job>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={data?.items ?? []}
      pagination={false}
      locale={{ emptyText: t("product.jobs.empty", "Nothing sent to other systems yet") }}
      columns={[
        { dataIndex: "kind", title: t("product.jobs.kind", "Job"), render: (kind: string) => t(`product.jobs.kinds.${kind.replace(/^product\./, "")}`, kind) },
        { dataIndex: "status", title: t("product.jobs.status", "State"), width: 120, render: (s: Job["status"]) => <JobTag status={s} /> },
        { dataIndex: "createdAt", title: t("product.jobs.createdAt", "Queued at"), width: 170, render: (v: string) => dateTime(v) },
      ]}
    />
  );
}
