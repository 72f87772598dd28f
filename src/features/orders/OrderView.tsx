import { lazy, Suspense, useState } from "react";
import { Show } from "@refinedev/antd";
import { Link, useCustom, useShow, useTranslate } from "@refinedev/core";
import {
  Button,
  Card,
  Col,
  Descriptions,
  Popconfirm,
  Row,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Timeline,
  Typography,
} from "antd";
import { CarOutlined, CheckOutlined, CloseCircleOutlined, GiftOutlined, PrinterOutlined } from "@ant-design/icons";
import { EMPTY, date, dateTime, useFormat } from "../../components/kit/format";
import { Email, Phone } from "../../components/kit/contact";
import { orderPaths, readCall, type Address, type OrderDetail, type OrderItem, type TimelineEvent } from "./model";
import { ContactNotes } from "./ContactNotes";
import { ReasonDialog, ShipDialog } from "./OrderDialogs";
import { StatusTag } from "./shared";
import { useOrderAction } from "./useOrderAction";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { BackLink, ThenChevron } from "../../components/kit/direction";
import { eventText } from "./eventText";

// Print layout and the PO/transfer tools are opened by few visits: separate chunks.
const BillDialog = lazy(() => import("./BillDialog"));
const FulfilmentPanel = lazy(() => import("./FulfilmentPanel"));

const KIND_COLORS: Record<string, string> = {
  placed: "green",
  status: "blue",
  note: "gray",
  contact: "cyan",
  slip: "green",
  claim: "red",
  shipping: "purple",
};

function AddressBlock({ address }: { address: Address | null }) {
  const t = useTranslate();
  if (!address) return <Typography.Text type="secondary">{t("orders.messages.noAddress")}</Typography.Text>;
  return (
    <address style={{ fontStyle: "normal", margin: 0 }}>
      <strong>{address.name}</strong> · {address.phone}
      <br />
      {address.address} {address.subdistrict}
      <br />
      {address.district} {address.province} {address.zipcode}
    </address>
  );
}

function OrderTimeline({ events }: { events: TimelineEvent[] }) {
  const t = useTranslate();
  const { money } = useFormat();
  // Newest first: the latest change is what the reader came for.
  const items = [...events].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Timeline
      items={items.map((e) => ({
        key: e.id,
        color: KIND_COLORS[e.kind] ?? "gray",
        children: (
          <div>
            <Typography.Text strong>{t(`orders.timeline.${e.kind}`, e.kind)}</Typography.Text>
            {e.toStatus && (
              <span>
                {" "}
                {e.fromStatus && <StatusTag status={e.fromStatus} />}
                {e.fromStatus && <ThenChevron style={{ fontSize: 10, marginInlineEnd: 8 }} />}
                <StatusTag status={e.toStatus} />
              </span>
            )}
            {/* Isolated, so free text in another script keeps its own order yet aligns with the title. */}
            {eventText(t, e, money) && (
              <div>
                <bdi>{eventText(t, e, money)}</bdi>
              </div>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {e.actorName ?? t("orders.messages.system")} · {dateTime(e.createdAt)}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}

function ItemsCard({ order, refresh }: { order: OrderDetail; refresh: () => unknown }) {
  const t = useTranslate();
  const { money } = useFormat();
  const { result, query } = useCustom<{ items: OrderItem[] }>(readCall("items", { id: order.id }));
  const items = result.data?.items ?? [];
  const { run, busy } = useOrderAction(() => Promise.all([query.refetch(), refresh()]));
  const editable = order.status === "paid" || order.status === "preparing";
  const notReady = items.filter((i) => !i.ready);
  const setReady = (itemIds: number[], ready: boolean) =>
    run("readyItems", { orderId: order.id, itemIds, ready }, ready ? "itemsReady" : "itemsNotReady");

  return (
    <Card
      title={t("orders.titles.items")}
      extra={
        editable && (
          <Button
            icon={<CheckOutlined />}
            disabled={notReady.length === 0}
            loading={busy}
            onClick={() =>
              setReady(
                notReady.map((i) => i.id),
                true,
              )
            }
          >
            {t("orders.actions.allReady")}
          </Button>
        )
      }
    >
      <Table<OrderItem>
        dataSource={items}
        rowKey="id"
        loading={query.isLoading}
        pagination={false}
        size="small"
        scroll={{ x: 700 }}
      >
        <Table.Column<OrderItem> dataIndex="productCode" title={t("orders.fields.productCode")} width={130} />
        <Table.Column<OrderItem>
          dataIndex="productName"
          title={t("orders.fields.product")}
          render={(name: string, item) => (
            <>
              {name}
              {item.promotion && (
                <div>
                  <Tag color={item.promotion.kind === "flash_sale" ? "volcano" : "gold"}>
                    {t(`orders.promotion.${item.promotion.kind}`, { name: item.promotion.name })}
                  </Tag>
                  {item.listPrice !== null && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t("orders.promotion.listPrice", { price: money(item.listPrice) })}
                    </Typography.Text>
                  )}
                </div>
              )}
            </>
          )}
        />
        <Table.Column<OrderItem> dataIndex="qty" title={t("orders.fields.qty")} width={70} align="end" />
        <Table.Column<OrderItem>
          dataIndex="unitPrice"
          title={t("orders.fields.unitPrice")}
          width={120}
          align="end"
          render={(v: number) => money(v)}
        />
        <Table.Column<OrderItem>
          dataIndex="amount"
          title={t("orders.fields.amount")}
          width={120}
          align="end"
          render={(v: number) => money(v)}
        />
        <Table.Column<OrderItem>
          dataIndex="ready"
          title={t("orders.fields.ready")}
          width={90}
          render={(ready: boolean, item) => (
            <Switch
              checked={ready}
              disabled={!editable || busy}
              aria-label={`${t("orders.fields.ready")}: ${item.productName}`}
              onChange={(next) => setReady([item.id], next)}
            />
          )}
        />
        {order.canClaim && (
          <Table.Column<OrderItem>
            key="claim"
            width={110}
            render={(_, item) =>
              item.qty > item.claimedQty && (
                <Link to={`${orderPaths.claimNew(order.id)}?item=${item.id}`}>{t("orders.actions.fileClaim")}</Link>
              )
            }
          />
        )}
      </Table>
    </Card>
  );
}

/** One order: header actions along the state machine, details, items, notes, fulfilment and the timeline. */
export function OrderView({ id, variant }: { id: string; variant: "all" | "branch" }) {
  const t = useTranslate();
  const { money } = useFormat();
  const resource = variant === "branch" ? "orders-branch" : "orders";
  const { query, result: order } = useShow<OrderDetail>({ resource: "orders", id });
  const refresh = () => query.refetch();
  const { run, busy } = useOrderAction(refresh);
  const [dialog, setDialog] = useState<"cancel" | "ship" | "bill" | null>(null);
  const listPath = variant === "branch" ? orderPaths.branchList : orderPaths.list;

  if (query.isError) return <RecordFailure query={query} backTo={listPath} />;

  // The order's verbs are offered only once it is read; each names the status it was read in.
  const expected = (o: OrderDetail) => ({ id: o.id, expectedStatus: o.status });
  const actions = order && (
    <Space wrap>
      {order.nextStatuses
        .filter((s) => !["cancelled", "shipped", "delivered"].includes(s))
        .map((s) => (
          <Popconfirm
            key={s}
            title={t("orders.messages.confirmStatus", { status: t(`orders.status.${s}`) })}
            okText={t("orders.actions.apply")}
            cancelText={t("buttons.cancel")}
            onConfirm={() => run("changeStatus", { ...expected(order), status: s }, "statusChanged")}
          >
            <Button type="primary" loading={busy}>
              {t("orders.actions.moveTo", { status: t(`orders.status.${s}`) })}
            </Button>
          </Popconfirm>
        ))}
      {(order.status === "ready_to_ship" || order.status === "shipped") && (
        <Button
          type={order.status === "ready_to_ship" ? "primary" : "default"}
          icon={<CarOutlined />}
          onClick={() => setDialog("ship")}
        >
          {order.status === "shipped" ? t("orders.actions.editTracking") : t("orders.actions.ship")}
        </Button>
      )}
      {order.status === "shipped" && (
        <Popconfirm
          title={t("orders.messages.confirmReceived")}
          okText={t("orders.actions.confirmReceived")}
          cancelText={t("buttons.cancel")}
          onConfirm={() => run("confirmReceived", { id: order.id }, "received")}
        >
          <Button type="primary" icon={<CheckOutlined />}>
            {t("orders.actions.confirmReceived")}
          </Button>
        </Popconfirm>
      )}
      {order.status === "cancelled" && order.redeemPoints > 0 && !order.redeemRestored && (
        <Popconfirm
          title={t("orders.messages.confirmRestoreRedeem", { points: order.redeemPoints })}
          okText={t("orders.actions.restoreRedeem")}
          cancelText={t("buttons.cancel")}
          onConfirm={() => run("restoreRedeem", { id: order.id }, "redeemRestored")}
        >
          <Button icon={<GiftOutlined />}>{t("orders.actions.restoreRedeem")}</Button>
        </Popconfirm>
      )}
      <Button icon={<PrinterOutlined />} onClick={() => setDialog("bill")}>
        {t("orders.actions.printBill")}
      </Button>
      {order.canCancel && (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => setDialog("cancel")}>
          {t("orders.actions.cancelOrder")}
        </Button>
      )}
    </Space>
  );

  return (
    <Show
      breadcrumb={false}
      resource={resource}
      recordItemId={id}
      isLoading={query.isLoading}
      goBack={<BackLink to={listPath} label={t("orders.actions.backToList")} />}
      title={
        order ? (
          <Space>
            <span>{t("orders.titles.show", { orderNo: order.orderNo })}</span>
            <StatusTag status={order.status} />
          </Space>
        ) : (
          t("orders.titles.order")
        )
      }
      headerButtons={actions}
    >
      {order && (
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16}>
              <Card title={t("orders.titles.summary")}>
                <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
                  <Descriptions.Item label={t("orders.fields.customer")}>{order.customerName}</Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.phone")}>
                    <Phone value={order.customerPhone} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.email")}>
                    <Email value={order.customerEmail} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.shop")}>{order.shopName}</Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.channel")}>
                    {t(`orders.channel.${order.channel}`, order.channel)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.branch")}>{order.branchName ?? EMPTY}</Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.paymentMethod")}>
                    {t(`orders.payment.${order.paymentMethod}`, order.paymentMethod)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.shipment")}>
                    {t(`orders.shipment.${order.shipment}`, order.shipment)}
                  </Descriptions.Item>
                  {order.carrierName && (
                    <>
                      <Descriptions.Item label={t("orders.fields.carrier")}>
                        <span data-testid="order-carrier">
                          {order.transportType
                            ? t(`orders.transport.${order.transportType}`, order.carrierName)
                            : order.carrierName}
                          {order.shippingRate !== null && ` · ${money(order.shippingRate)}`}
                        </span>
                      </Descriptions.Item>
                      <Descriptions.Item label={t("orders.fields.expectedDelivery")}>
                        <span data-testid="order-expected-delivery">
                          {order.expectedDeliveryFrom === order.expectedDeliveryTo
                            ? date(order.expectedDeliveryFrom)
                            : `${date(order.expectedDeliveryFrom)} – ${date(order.expectedDeliveryTo)}`}
                        </span>
                      </Descriptions.Item>
                    </>
                  )}
                  <Descriptions.Item label={t("orders.fields.createdAt")}>
                    {dateTime(order.createdAt)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.paidAt")}>{dateTime(order.paidAt)}</Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.tracking")}>
                    {order.trackingNo
                      ? `${order.transportType ? t(`orders.transport.${order.transportType}`, order.transportType) : ""} ${order.trackingNo}`.trim()
                      : EMPTY}
                  </Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.shippedAt")}>
                    {dateTime(order.shippedAt)}
                  </Descriptions.Item>
                  {order.cancelReason && (
                    <Descriptions.Item label={t("orders.fields.cancelReason")} span={2}>
                      <Typography.Text type="danger">{order.cancelReason}</Typography.Text>
                    </Descriptions.Item>
                  )}
                </Descriptions>
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title={t("orders.titles.totals")}>
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t("orders.fields.subtotal")}>{money(order.subtotal)}</Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.discount")}>{money(-order.discount)}</Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.shippingFee")}>
                    {money(order.shippingFee)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.redeemPoints")}>{order.redeemPoints}</Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.total")}>
                    <Typography.Text strong>{money(order.total)}</Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.paidSoFar")}>{money(order.paidAmount)}</Descriptions.Item>
                  <Descriptions.Item label={t("orders.fields.stillOwed")}>
                    <Typography.Text strong={order.owedAmount > 0} type={order.owedAmount > 0 ? "warning" : undefined}>
                      {money(order.owedAmount)}
                    </Typography.Text>
                  </Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card title={t("orders.fields.shippingAddress")} size="small">
                <AddressBlock address={order.shippingAddress} />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card title={t("orders.fields.billingAddress")} size="small">
                <AddressBlock address={order.billingAddress} />
              </Card>
            </Col>
          </Row>
          <ItemsCard order={order} refresh={refresh} />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={14}>
              <Suspense fallback={<Spin />}>
                <FulfilmentPanel order={order} refresh={refresh} />
              </Suspense>
            </Col>
            <Col xs={24} lg={10}>
              <Space direction="vertical" size={16} style={{ width: "100%" }}>
                <ContactNotes orderId={order.id} refresh={refresh} />
                <Card title={t("orders.titles.timeline")}>
                  <OrderTimeline events={order.timeline} />
                </Card>
              </Space>
            </Col>
          </Row>
          <ReasonDialog
            open={dialog === "cancel"}
            title={t("orders.titles.cancel", { orderNo: order.orderNo })}
            okText={t("orders.actions.cancelOrder")}
            danger
            busy={busy}
            onClose={() => setDialog(null)}
            onSubmit={({ reason }) => run("cancel", { ...expected(order), reason: reason.trim() }, "cancelled")}
          />
          <ShipDialog
            open={dialog === "ship"}
            busy={busy}
            initial={{ transportType: order.transportType ?? undefined, trackingNo: order.trackingNo ?? undefined }}
            onClose={() => setDialog(null)}
            onSubmit={(values) =>
              run(
                "ship",
                { id: order.id, transportType: values.transportType, trackingNo: values.trackingNo.trim() },
                "shipped",
              )
            }
          />
          {dialog === "bill" && (
            <Suspense fallback={<Spin />}>
              <BillDialog orderId={order.id} onClose={() => setDialog(null)} onPrinted={refresh} />
            </Suspense>
          )}
        </Space>
      )}
    </Show>
  );
}
