import { useState } from "react";
import { useCustom, useTranslate } from "@refinedev/core";
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tabs, Timeline, Typography } from "antd";
import { FileTextOutlined, PlusOutlined } from "@ant-design/icons";
import { http } from "../../providers/http";
import { orders as ordersModule } from "./endpoints";
import { EMPTY, dateTime, useFormat } from "../../components/kit/format";
import type { Answer } from "../../api";
import { readCall, type OrderDetail, type PurchaseOrder, type TimelineEvent, type Transfer } from "./model";
import { ReasonDialog } from "./OrderDialogs";
import { StatusTag, useBranches } from "./shared";
import { useOrderAction } from "./useOrderAction";
import "./print.css";
import { FromTo } from "../../components/kit/direction";
import { writeRules } from "../../components/kit/rules";

type Reason = { kind: "cancelPo" | "requestCancelTransfer" | "cancelTransfer"; id: number } | null;
type Doc = {
  title: string;
  lines: [string, string | null][];
  items: { code: string; name: string; qty: number }[];
} | null;

/** The transfer verbs answer `{ message, data }` with the transfer they wrote; the document leaves that body open. */
const isTransfer = (value: unknown): value is Transfer =>
  typeof value === "object" && value !== null && "transferNo" in value && "status" in value;

const transferRule = writeRules("/api/order/transferproduct");

const actionPath = (action: "poTracking" | "poDocument" | "transferDocument") =>
  ordersModule.endpoints.actions[action].path;

/** Purchase orders to the supplier and stock transfers between branches for one order. */
export default function FulfilmentPanel({ order, refresh }: { order: OrderDetail; refresh: () => unknown }) {
  const t = useTranslate();
  const { money } = useFormat();
  const branches = useBranches();
  const { result: pos, query: poQuery } = useCustom<{ items: PurchaseOrder[] }>(
    readCall("poList", { orderId: order.id, limit: 100 }),
  );
  // The contract has no per-order transfer list: transfers made here are kept for this visit.
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const { run, busy } = useOrderAction(() => Promise.all([poQuery.refetch(), refresh()]));
  const [reason, setReason] = useState<Reason>(null);
  const [doc, setDoc] = useState<Doc>(null);
  const [events, setEvents] = useState<TimelineEvent[] | null>(null);
  const [transferForm] = Form.useForm<{ fromBranchId: number; toBranchId: number; note?: string }>();

  const replaceTransfer = (next: Transfer) => setTransfers((list) => [next, ...list.filter((x) => x.id !== next.id)]);

  const showPoDocument = async (po: PurchaseOrder) => {
    const { data } = await http.get<Answer<"/api/order/documentpo">>(actionPath("poDocument"), {
      params: { id: po.id },
    });
    const d = data.data;
    setDoc({
      title: `${t("orders.titles.poDocument")} ${d.documentNo}`,
      lines: [
        [t("orders.fields.poNo"), d.po.poNo],
        [t("orders.fields.orderNo"), d.order.orderNo],
        [t("orders.fields.printedAt"), dateTime(d.printedAt)],
      ],
      items: d.po.items.map((i) => ({ code: i.productCode, name: i.productName, qty: i.qty })),
    });
  };
  const showTracking = async (po: PurchaseOrder) => {
    const { data } = await http.get<Answer<"/api/order/trackingpo">>(actionPath("poTracking"), {
      params: { id: po.id },
    });
    setEvents(data.data.events);
  };
  const showTransferDocument = async (tr: Transfer) => {
    const { data } = await http.get<Answer<"/api/order/documenttransfer">>(actionPath("transferDocument"), {
      params: { id: tr.id },
    });
    const d = data.data;
    setDoc({
      title: `${t("orders.titles.transferDocument")} ${d.documentNo}`,
      lines: [
        [t("orders.fields.transferNo"), d.transfer.transferNo],
        [t("orders.fields.fromBranch"), d.transfer.fromBranchName],
        [t("orders.fields.toBranch"), d.transfer.toBranchName],
        [t("orders.fields.printedAt"), dateTime(d.printedAt)],
      ],
      items: d.transfer.items.map((i) => ({ code: i.productCode, name: i.productName, qty: i.qty })),
    });
  };

  const branchOptions = branches.map((b) => ({ value: b.id, label: b.name }));
  const closed = order.status === "cancelled" || order.status === "completed";

  const poTab = (
    <>
      <Button
        icon={<PlusOutlined />}
        disabled={closed}
        loading={busy}
        onClick={() => run("requestPo", { orderId: order.id }, "poRequested")}
        style={{ marginBottom: 12 }}
      >
        {t("orders.actions.requestPo")}
      </Button>
      <Table<PurchaseOrder>
        dataSource={pos.data?.items ?? []}
        rowKey="id"
        size="small"
        pagination={false}
        loading={poQuery.isLoading}
        scroll={{ x: 600 }}
      >
        <Table.Column<PurchaseOrder> dataIndex="poNo" title={t("orders.fields.poNo")} />
        <Table.Column<PurchaseOrder>
          dataIndex="status"
          title={t("orders.fields.status")}
          render={(s: string) => <StatusTag status={s} group="poStatus" />}
        />
        <Table.Column<PurchaseOrder>
          dataIndex="total"
          title={t("orders.fields.total")}
          align="end"
          render={(v: number) => money(v)}
        />
        <Table.Column<PurchaseOrder>
          dataIndex="trackingNo"
          title={t("orders.fields.trackingNo")}
          render={(v: string | null) => v ?? EMPTY}
        />
        <Table.Column<PurchaseOrder>
          key="actions"
          render={(_, po) => (
            <Space size={4} wrap>
              {po.status === "requested" && (
                <Popconfirm
                  title={t("orders.messages.confirmIssuePo")}
                  okText={t("orders.actions.issuePo")}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => run("issuePo", { id: po.id }, "poIssued")}
                >
                  <Button size="small" type="primary">
                    {t("orders.actions.issuePo")}
                  </Button>
                </Popconfirm>
              )}
              {po.status !== "cancelled" && (
                <Button size="small" danger onClick={() => setReason({ kind: "cancelPo", id: po.id })}>
                  {t("orders.actions.cancelPo")}
                </Button>
              )}
              {po.status === "cancelled" && (
                <Popconfirm
                  title={t("orders.messages.confirmRestorePo")}
                  okText={t("orders.actions.restorePo")}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => run("restorePo", { id: po.id }, "poRestored")}
                >
                  <Button size="small">{t("orders.actions.restorePo")}</Button>
                </Popconfirm>
              )}
              <Button size="small" onClick={() => showTracking(po)}>
                {t("orders.actions.tracking")}
              </Button>
              <Button
                size="small"
                icon={<FileTextOutlined />}
                aria-label={`${t("orders.actions.document")}: ${po.poNo}`}
                onClick={() => showPoDocument(po)}
              />
            </Space>
          )}
        />
      </Table>
    </>
  );

  const transferTab = (
    <>
      <Form
        form={transferForm}
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={async (values) => {
          const res = await run("transfer", { orderId: order.id, ...values }, "transferRequested");
          if (res.ok) {
            if (isTransfer(res.data.data)) replaceTransfer(res.data.data);
            transferForm.resetFields();
          }
        }}
      >
        <Form.Item name="fromBranchId" rules={transferRule("fromBranchId", t("orders.validation.fromBranch"))}>
          <Select
            placeholder={t("orders.fields.fromBranch")}
            aria-label={t("orders.fields.fromBranch")}
            options={branchOptions}
            style={{ width: 170 }}
          />
        </Form.Item>
        <Form.Item
          name="toBranchId"
          dependencies={["fromBranchId"]}
          rules={transferRule("toBranchId", t("orders.validation.toBranch"), [
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v && v === getFieldValue("fromBranchId")
                  ? Promise.reject(new Error(t("orders.validation.sameBranch")))
                  : Promise.resolve(),
            }),
          ])}
        >
          <Select
            placeholder={t("orders.fields.toBranch")}
            aria-label={t("orders.fields.toBranch")}
            options={branchOptions}
            style={{ width: 170 }}
          />
        </Form.Item>
        <Form.Item name="note">
          <Input placeholder={t("orders.fields.note")} aria-label={t("orders.fields.note")} maxLength={500} />
        </Form.Item>
        <Button htmlType="submit" disabled={closed} loading={busy}>
          {t("orders.actions.transfer")}
        </Button>
      </Form>
      <Table<Transfer>
        dataSource={transfers}
        rowKey="id"
        size="small"
        pagination={false}
        locale={{ emptyText: t("orders.messages.noTransfers") }}
      >
        <Table.Column<Transfer> dataIndex="transferNo" title={t("orders.fields.transferNo")} />
        <Table.Column<Transfer>
          key="route"
          title={t("orders.fields.route")}
          render={(_, tr) => <FromTo from={tr.fromBranchName} to={tr.toBranchName} />}
        />
        <Table.Column<Transfer>
          dataIndex="status"
          title={t("orders.fields.status")}
          render={(s: string) => <StatusTag status={s} group="transferStatus" />}
        />
        <Table.Column<Transfer>
          key="actions"
          render={(_, tr) => (
            <Space size={4} wrap>
              {tr.status === "requested" && (
                <Popconfirm
                  title={t("orders.messages.confirmClearTransfer")}
                  okText={t("orders.actions.clearTransfer")}
                  cancelText={t("buttons.cancel")}
                  onConfirm={async () => {
                    const res = await run("clearTransfer", { id: tr.id }, "transferCleared");
                    if (res.ok)
                      replaceTransfer(isTransfer(res.data.data) ? res.data.data : { ...tr, status: "cleared" });
                  }}
                >
                  <Button size="small" type="primary">
                    {t("orders.actions.clearTransfer")}
                  </Button>
                </Popconfirm>
              )}
              {tr.status === "requested" && (
                <Button size="small" onClick={() => setReason({ kind: "requestCancelTransfer", id: tr.id })}>
                  {t("orders.actions.requestCancelTransfer")}
                </Button>
              )}
              {(tr.status === "requested" || tr.status === "cancel_requested") && (
                <Button size="small" danger onClick={() => setReason({ kind: "cancelTransfer", id: tr.id })}>
                  {t("orders.actions.cancelTransfer")}
                </Button>
              )}
              <Button
                size="small"
                icon={<FileTextOutlined />}
                aria-label={`${t("orders.actions.document")}: ${tr.transferNo}`}
                onClick={() => showTransferDocument(tr)}
              />
            </Space>
          )}
        />
      </Table>
    </>
  );

  return (
    <Card title={t("orders.titles.fulfilment")}>
      <Tabs
        items={[
          { key: "po", label: t("orders.titles.purchaseOrders"), children: poTab },
          { key: "transfer", label: t("orders.titles.transfers"), children: transferTab },
        ]}
      />
      <ReasonDialog
        open={reason !== null}
        title={t(`orders.titles.${reason?.kind ?? "cancelPo"}`)}
        write={reason?.kind ?? "cancelPo"}
        okText={t("orders.actions.apply")}
        danger
        busy={busy}
        onClose={() => setReason(null)}
        onSubmit={async ({ reason: text }) => {
          const res = await run(reason!.kind, { id: reason!.id, reason: text.trim() }, `${reason!.kind}Done`);
          if (res.ok && reason!.kind !== "cancelPo" && isTransfer(res.data.data)) replaceTransfer(res.data.data);
          return res;
        }}
      />
      <Modal
        open={doc !== null}
        title={doc?.title}
        onCancel={() => setDoc(null)}
        footer={
          <Button type="primary" onClick={() => window.print()}>
            {t("orders.actions.print")}
          </Button>
        }
      >
        {doc && (
          <div className="orders-print">
            <h3>{doc.title}</h3>
            {doc.lines.map(([k, v]) => (
              <div key={k}>
                <Typography.Text type="secondary">{k}:</Typography.Text> {v}
              </div>
            ))}
            <table style={{ marginTop: 12 }}>
              <thead>
                <tr>
                  <th>{t("orders.fields.productCode")}</th>
                  <th>{t("orders.fields.product")}</th>
                  <th className="num">{t("orders.fields.qty")}</th>
                </tr>
              </thead>
              <tbody>
                {doc.items.map((i, n) => (
                  <tr key={n}>
                    <td>{i.code}</td>
                    <td>{i.name}</td>
                    <td className="num">{i.qty}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Modal>
      <Modal open={events !== null} title={t("orders.actions.tracking")} onCancel={() => setEvents(null)} footer={null}>
        <Timeline
          items={(events ?? []).map((e) => ({
            key: e.id,
            children: (
              <div>
                {e.message ?? e.kind}
                <br />
                <Typography.Text type="secondary">
                  {e.actorName} · {dateTime(e.createdAt)}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      </Modal>
    </Card>
  );
}
