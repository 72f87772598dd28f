import { useState } from "react";
import { useList, useTranslate } from "@refinedev/core";
import { Badge, Button, Drawer, Table } from "antd";
import { HistoryOutlined } from "@ant-design/icons";
import { dateTime } from "../../components/kit/format";
import { DeliveryCell, RetryButton } from "../outbox/Delivery";
import { inFlight, OUTBOX_REST, type OutboxJob } from "../outbox/model";

/**
 * The order syncs and how their delivery went: a button (with the count of failed and dead ones) opening
 * the latest jobs, each with its state and, when failed or dead, a retry. The list remounts it (key) after
 * queuing a sync.
 */
export function SyncJobs() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [inFlightNow, setInFlightNow] = useState(false);
  const { result, query } = useList<OutboxJob>({
    ...OUTBOX_REST,
    filters: [{ field: "topic", operator: "eq", value: "orders.sync" }],
    pagination: { currentPage: 1, pageSize: 20 },
    // While the drawer is open and a job is on its way, its state is read again every few seconds.
    queryOptions: { refetchInterval: open && inFlightNow ? 3000 : false },
  });
  const jobs = result.data;
  if (inFlight(jobs) !== inFlightNow) setInFlightNow(!inFlightNow);
  const stuck = jobs.filter((j) => j.status === "failed" || j.status === "dead").length;
  return (
    <>
      <Badge count={stuck} size="small">
        <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} data-testid="order-sync-history">
          {t("outbox.orderSyncs.open")}
        </Button>
      </Badge>
      <Drawer
        title={t("outbox.orderSyncs.title")}
        open={open}
        onClose={() => setOpen(false)}
        width="min(720px, 100vw)"
        destroyOnHidden
      >
        <Table<OutboxJob>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          dataSource={jobs}
          pagination={false}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: t("outbox.orderSyncs.empty") }}
          columns={[
            { dataIndex: "id", title: t("outbox.orderSyncs.job"), width: 70, render: (id: number) => `#${id}` },
            {
              dataIndex: "createdAt",
              title: t("outbox.orderSyncs.queuedAt"),
              width: 160,
              render: (v: string) => dateTime(v),
            },
            { key: "state", title: t("outbox.orderSyncs.state"), render: (_, job) => <DeliveryCell job={job} /> },
            {
              key: "actions",
              width: 110,
              render: (_, job) => <RetryButton job={job} onRetried={() => void query.refetch()} />,
            },
          ]}
        />
      </Drawer>
    </>
  );
}
