import { useTranslate } from "@refinedev/core";
import { Table } from "antd";
import { useProductRead } from "./hooks";
import type { Job, ListAnswer } from "./model";
import { dateTime } from "../../components/kit/format";
import { DeliveryCell, RetryButton } from "../outbox/Delivery";
import { inFlight } from "../outbox/model";

/**
 * The product's outbox jobs (syncs, TIS, GP) and how their delivery went; staff retry a failed or dead
 * one. The parent remounts it (key) to refetch after a sync; while a job is on its way it reads again.
 */
export function JobsPanel({ productId, staff }: { productId: number; staff: boolean }) {
  const t = useTranslate();
  const { data, loading, refetch } = useProductRead<ListAnswer<Job>>("jobs", { id: productId }, true, (answer) =>
    answer && inFlight(answer.items) ? 3000 : false,
  );
  return (
    <Table<Job>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={data?.items ?? []}
      pagination={false}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: t("product.jobs.empty", "Nothing sent to other systems yet") }}
      columns={[
        {
          dataIndex: "kind",
          title: t("product.jobs.kind", "Job"),
          render: (kind: string) => t(`product.jobs.kinds.${kind.replace(/^product\./, "")}`, kind),
        },
        { key: "status", title: t("product.jobs.status", "State"), render: (_, job) => <DeliveryCell job={job} /> },
        {
          dataIndex: "createdAt",
          title: t("product.jobs.createdAt", "Queued at"),
          width: 170,
          render: (v: string) => dateTime(v),
        },
        ...(staff
          ? [
              {
                key: "actions",
                width: 110,
                render: (_: unknown, job: Job) => <RetryButton job={job} onRetried={() => void refetch()} />,
              },
            ]
          : []),
      ]}
    />
  );
}
