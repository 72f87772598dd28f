import { useState } from "react";
import { Create, List, Show } from "@refinedev/antd";
import { Link, useCustom, useGo, useShow, useTranslate } from "@refinedev/core";
import {
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Result,
  Select,
  Space,
  Table,
  Tabs,
  Timeline,
  Typography,
  Upload,
} from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useSearchParams } from "react-router";
import { EMPTY, dateTime, useFormat } from "../../components/kit/format";
import {
  CLAIM_NEXT,
  orderPaths,
  readCall,
  type Claim,
  type ClaimStatus,
  type OrderDetail,
  type OrderItem,
  type OrderSummary,
  type TimelineEvent,
} from "./model";
import { AuthImage, StatusTag, fileListOf, useMaster } from "./shared";
import { useOrderAction } from "./useOrderAction";
import { applyFieldErrors } from "../../components/kit/errors";
import { RADIO_GROUP, writeRules } from "../../components/kit/rules";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { FilterBar, SearchBox, useListTable, useTableScroll } from "../../components/kit/list";
import { BackLink } from "../../components/kit/direction";
import { eventText } from "./eventText";

const CLAIM_STATUSES = ["filed", "reviewing", "approved", "rejected", "resolved"] as const;
const MAX_PHOTOS = 5;
const rule = writeRules("/api/order/fileclaim");

export function ClaimList() {
  const t = useTranslate();
  const scroll = useTableScroll();
  const { tableProps, filters, apply, savedViews } = useListTable<Claim>("orders-claim", {
    empty: t("orders.messages.noClaims"),
  });
  const kind = (filters.kind as string | undefined) ?? "all";
  return (
    // A claim is filed from its order (the create route needs the order's id), so the list offers no Create.
    <List title={t("orders.titles.claims")} resource="orders-claim" canCreate={false}>
      <Tabs
        activeKey={kind}
        onChange={(key) => apply({ kind: key === "all" ? undefined : key })}
        items={["all", "claim", "return"].map((k) => ({ key: k, label: t(`orders.claimKind.${k}`) }))}
      />
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("orders.fields.claimSearch")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <Select
          allowClear
          aria-label={t("orders.fields.status")}
          placeholder={t("orders.fields.allStatuses")}
          options={CLAIM_STATUSES.map((s) => ({ value: s, label: t(`orders.claimStatus.${s}`) }))}
          value={filters.status as string | undefined}
          onChange={(v?: string) => apply({ status: v })}
          style={{ width: 170 }}
        />
      </FilterBar>
      <Table<Claim> {...tableProps} rowKey="id" scroll={scroll(1000)}>
        <Table.Column<Claim>
          dataIndex="claimNo"
          title={t("orders.fields.claimNo")}
          render={(v: string, c) => <Link to={orderPaths.claim(c)}>{v}</Link>}
        />
        <Table.Column<Claim>
          dataIndex="kind"
          title={t("orders.fields.kind")}
          render={(k: string) => t(`orders.claimKind.${k}`)}
        />
        <Table.Column<Claim>
          dataIndex="orderNo"
          title={t("orders.fields.orderNo")}
          render={(v: string, c) => <Link to={orderPaths.show(c.orderId)}>{v}</Link>}
        />
        <Table.Column<Claim> dataIndex="productName" title={t("orders.fields.product")} />
        <Table.Column<Claim> dataIndex="reasonName" title={t("orders.fields.reason")} />
        <Table.Column<Claim> dataIndex="qty" title={t("orders.fields.qty")} align="end" />
        <Table.Column<Claim>
          dataIndex="status"
          title={t("orders.fields.status")}
          render={(s: string) => <StatusTag status={s} group="claimStatus" />}
        />
        <Table.Column<Claim> dataIndex="createdAt" title={t("orders.fields.createdAt")} render={dateTime} />
      </Table>
    </List>
  );
}

interface ClaimValues {
  orderItemId: number;
  kind: "claim" | "return";
  reasonCode: string;
  qty: number;
  description?: string;
  photos?: { originFileObj?: File }[];
}

/** File a claim or return on one item of a delivered order, with up to five photos. */
export function ClaimNew({ id: orderId }: { id: string }) {
  const t = useTranslate();
  const go = useGo();
  const [params] = useSearchParams();
  const [form] = Form.useForm<ClaimValues>();
  const reasons = useMaster("claimReasons");
  const { query: orderQuery, result: order } = useShow<OrderDetail>({ resource: "orders", id: orderId });
  const { result: itemsResult } = useCustom<{ items: OrderItem[] }>(readCall("items", { id: Number(orderId) }));
  const items = itemsResult.data?.items ?? [];
  const { run, busy } = useOrderAction(() => undefined);
  const kind = Form.useWatch("kind", form) ?? "claim";
  const itemId = Form.useWatch("orderItemId", form);
  const item = items.find((i) => i.id === itemId);
  const maxQty = item ? item.qty - item.claimedQty : undefined;

  if (orderQuery.isError) return <RecordFailure query={orderQuery} backTo={orderPaths.claims} />;
  if (order && !order.canClaim) {
    return (
      <Result
        status="warning"
        title={t("orders.messages.cannotClaim", { orderNo: order.orderNo })}
        extra={<Link to={orderPaths.show(order.id)}>{t("orders.actions.backToOrder")}</Link>}
      />
    );
  }

  const submit = async (values: ClaimValues) => {
    const body = new FormData();
    body.append("orderItemId", String(values.orderItemId));
    body.append("kind", values.kind);
    body.append("reasonCode", values.reasonCode);
    body.append("qty", String(values.qty));
    if (values.description?.trim()) body.append("description", values.description.trim());
    for (const photo of values.photos ?? []) if (photo.originFileObj) body.append("photos", photo.originFileObj);
    const res = await run("fileClaim", body, "claimFiled");
    if (res.ok) go({ to: orderPaths.claim(res.data.data as Claim) });
    else applyFieldErrors(form, res.error);
  };

  return (
    <Create
      breadcrumb={false}
      resource="orders-claim"
      isLoading={orderQuery.isLoading}
      title={order ? t("orders.titles.newClaim", { orderNo: order.orderNo }) : t("orders.titles.newClaimPlain")}
      goBack={
        <BackLink to={order ? orderPaths.show(order.id) : orderPaths.claims} label={t("orders.actions.backToOrder")} />
      }
      saveButtonProps={{
        onClick: () => form.submit(),
        loading: busy,
        icon: null,
        children: t("orders.actions.fileClaim"),
      }}
    >
      <Form<ClaimValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{
          kind: "claim",
          qty: 1,
          orderItemId: params.get("item") ? Number(params.get("item")) : undefined,
        }}
        onFinish={submit}
      >
        <Form.Item name="kind" label={t("orders.fields.kind")} rules={rule("kind")}>
          <Radio.Group
            {...RADIO_GROUP}
            optionType="button"
            options={["claim", "return"].map((k) => ({ value: k, label: t(`orders.claimKind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="orderItemId"
          label={t("orders.fields.product")}
          rules={rule("orderItemId", t("orders.validation.item"))}
        >
          <Select
            aria-label={t("orders.fields.product")}
            options={items.map((i) => ({
              value: i.id,
              label: `${i.productCode} · ${i.productName} (${i.qty - i.claimedQty}/${i.qty})`,
              disabled: i.qty <= i.claimedQty,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reasonCode"
          label={t("orders.fields.reason")}
          rules={rule("reasonCode", t("orders.validation.reasonCode"))}
        >
          <Select
            aria-label={t("orders.fields.reason")}
            options={reasons.filter((r) => !r.kind || r.kind === kind).map((r) => ({ value: r.code, label: r.name }))}
          />
        </Form.Item>
        <Form.Item
          name="qty"
          label={t("orders.fields.qty")}
          rules={rule("qty", t("orders.validation.qty"), [
            { type: "number", min: 1, max: maxQty, message: t("orders.validation.qtyRange", { max: maxQty ?? 1 }) },
          ])}
        >
          <InputNumber min={1} max={maxQty} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t("orders.fields.description")}
          rules={rule("description", t("orders.validation.description"), [{ max: 2000 }])}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item
          name="photos"
          label={t("orders.fields.photos")}
          valuePropName="fileList"
          getValueFromEvent={fileListOf}
          extra={t("orders.messages.photosHint", { max: MAX_PHOTOS })}
        >
          <Upload
            beforeUpload={() => false}
            listType="picture-card"
            accept="image/jpeg,image/png,image/webp"
            multiple
            maxCount={MAX_PHOTOS}
          >
            <div>
              <PlusOutlined />
              <div style={{ marginTop: 4 }}>{t("orders.actions.addPhoto")}</div>
            </div>
          </Upload>
        </Form.Item>
      </Form>
    </Create>
  );
}

type ClaimDetailData = Claim & { order: OrderSummary; history: TimelineEvent[] };

/** One claim or return: photos, the order, its history, and the next steps of the claim machine. */
export function ClaimDetail({ id, kind }: { id: string; kind: "claim" | "return" }) {
  const t = useTranslate();
  const { money } = useFormat();
  const resource = kind === "return" ? "orders-return" : "orders-claim";
  const { query, result: claim } = useShow<ClaimDetailData>({ resource, id });
  const { run, busy } = useOrderAction(() => query.refetch());
  const [resolution, setResolution] = useState("");
  if (query.isError) return <RecordFailure query={query} backTo={orderPaths.claims} />;
  const next = claim ? CLAIM_NEXT[claim.status] : [];
  const move = (status: ClaimStatus) =>
    run(
      "setClaim",
      {
        id: claim!.id,
        status,
        expectedStatus: claim!.status,
        ...(resolution.trim() ? { resolution: resolution.trim() } : {}),
      },
      "claimUpdated",
    );

  return (
    <Show
      breadcrumb={false}
      resource={resource}
      recordItemId={id}
      isLoading={query.isLoading}
      goBack={<BackLink to={orderPaths.claims} label={t("orders.actions.backToClaims")} />}
      title={
        claim ? (
          <Space>
            {t(`orders.titles.${claim.kind}Detail`, { claimNo: claim.claimNo })}
            <StatusTag status={claim.status} group="claimStatus" />
          </Space>
        ) : (
          t("orders.titles.claims")
        )
      }
      headerButtons={
        next.length > 0 && (
          <Space wrap>
            {next.map((s) => (
              <Popconfirm
                key={s}
                title={t("orders.messages.confirmClaimStatus", { status: t(`orders.claimStatus.${s}`) })}
                okText={t("orders.actions.apply")}
                cancelText={t("buttons.cancel")}
                onConfirm={() => move(s)}
              >
                <Button type={s === "rejected" ? "default" : "primary"} danger={s === "rejected"} loading={busy}>
                  {t("orders.actions.moveTo", { status: t(`orders.claimStatus.${s}`) })}
                </Button>
              </Popconfirm>
            ))}
          </Space>
        )
      }
    >
      {claim && (
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("orders.fields.orderNo")}>
              <Link to={orderPaths.show(claim.orderId)}>{claim.orderNo}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t("orders.fields.shop")}>{claim.shopName}</Descriptions.Item>
            <Descriptions.Item label={t("orders.fields.product")}>
              {claim.productCode} · {claim.productName}
            </Descriptions.Item>
            <Descriptions.Item label={t("orders.fields.qty")}>{claim.qty}</Descriptions.Item>
            <Descriptions.Item label={t("orders.fields.reason")}>{claim.reasonName}</Descriptions.Item>
            <Descriptions.Item label={t("orders.fields.createdAt")}>
              {dateTime(claim.createdAt)} · {claim.createdByName}
            </Descriptions.Item>
            <Descriptions.Item label={t("orders.fields.description")} span={2}>
              {/* A claim filed without words has an empty description. */}
              <span dir="auto">{claim.description || EMPTY}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t("orders.fields.resolution")} span={2}>
              {claim.resolution ?? EMPTY}
            </Descriptions.Item>
          </Descriptions>
          {next.length > 0 && (
            <Input.TextArea
              rows={2}
              maxLength={1000}
              placeholder={t("orders.fields.resolution")}
              aria-label={t("orders.fields.resolution")}
              value={resolution}
              onChange={(e) => setResolution(e.target.value)}
            />
          )}
          <Card size="small" title={t("orders.fields.photos")}>
            {claim.photos.length === 0 ? (
              <Typography.Text type="secondary">{t("orders.messages.noPhotos")}</Typography.Text>
            ) : (
              <Space wrap>
                {claim.photos.map((url, n) => (
                  <AuthImage
                    key={url}
                    url={url}
                    width={120}
                    height={120}
                    alt={`${t("orders.fields.photos")} ${n + 1}`}
                  />
                ))}
              </Space>
            )}
          </Card>
          <Card size="small" title={t("orders.titles.timeline")}>
            <Timeline
              items={claim.history.map((e) => ({
                key: e.id,
                children: (
                  <div>
                    {e.toStatus && <StatusTag status={e.toStatus} group="claimStatus" />}
                    <bdi>{eventText(t, e, money)}</bdi>
                    <br />
                    <Typography.Text type="secondary">
                      {e.actorName} · {dateTime(e.createdAt)}
                    </Typography.Text>
                  </div>
                ),
              }))}
            />
          </Card>
        </Space>
      )}
    </Show>
  );
}
