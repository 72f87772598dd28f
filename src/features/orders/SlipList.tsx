import { useState } from "react";
import { List } from "@refinedev/antd";
import { Link, useCustom, useTranslate } from "@refinedev/core";
import {
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
  Upload,
} from "antd";
import { CheckOutlined, CloseOutlined, EyeOutlined, SwapOutlined, UploadOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { dateTime, useFormat } from "../../components/kit/format";
import { orderPaths, readCall, type OrderSummary, type Slip } from "./model";
import { AuthImage, StatusTag, fileListOf, useMaster } from "./shared";
import { useOrderAction } from "./useOrderAction";
import { applyFieldErrors } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { FilterBar, SearchBox, useListTable, usePinned, useTableScroll } from "../../components/kit/list";

const SLIP_STATUSES = ["all", "pending", "approved", "rejected", "replaced"] as const;
const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";
const SLIP_RULES = { upload: writeRules("/api/order/uploadslippayment"), change: writeRules("/api/order/changeslip") };

interface SlipForm {
  orderId?: number;
  bankCode?: string;
  amount?: number;
  transferredAt?: Dayjs;
  file: { originFileObj?: File }[];
}

/** Upload a new slip for an order, or replace one (`change`): multipart with the file. */
function SlipUploadDialog({
  mode,
  slip,
  onClose,
  onDone,
}: {
  mode: "upload" | "change";
  slip?: Slip;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const banks = useMaster("banks");
  const [form] = Form.useForm<SlipForm>();
  // A replacement is checked against what its order still owes here too; the server checks every slip.
  const owed = slip && slip.orderStatus === "pending_payment" ? slip.orderOwed : undefined;
  const { run, busy } = useOrderAction(onDone);
  const submit = async () => {
    const values = await form.validateFields();
    const body = new FormData();
    if (mode === "upload") body.append("orderId", String(values.orderId));
    else body.append("id", String(slip!.id));
    if (values.bankCode) body.append("bankCode", values.bankCode);
    if (values.amount !== undefined && values.amount !== null) body.append("amount", String(values.amount));
    if (values.transferredAt) body.append("transferredAt", values.transferredAt.toISOString());
    const file = values.file?.[0]?.originFileObj;
    if (file) body.append("file", file);
    const res = await run(
      mode === "upload" ? "uploadSlip" : "changeSlip",
      body,
      mode === "upload" ? "slipUploaded" : "slipChanged",
    );
    if (res.ok) onClose();
    else applyFieldErrors(form, res.error);
  };
  const rule = SLIP_RULES[mode];
  return (
    <Modal
      open
      title={
        mode === "upload" ? t("orders.titles.uploadSlip") : t("orders.titles.changeSlip", { orderNo: slip?.orderNo })
      }
      okText={t("orders.actions.save")}
      okButtonProps={{ loading: busy }}
      cancelText={t("buttons.cancel")}
      onOk={submit}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={slip ? { bankCode: slip.bankCode, amount: slip.amount } : undefined}
      >
        {mode === "upload" && (
          <Form.Item
            name="orderId"
            label={t("orders.fields.orderId")}
            rules={rule("orderId", t("orders.validation.orderId"))}
          >
            <InputNumber min={1} style={{ width: "100%" }} />
          </Form.Item>
        )}
        <Form.Item
          name="bankCode"
          label={t("orders.fields.bank")}
          rules={rule("bankCode", t("orders.validation.bank"))}
        >
          <Select options={banks.map((b) => ({ value: b.code, label: b.name }))} aria-label={t("orders.fields.bank")} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t("orders.fields.amountThb")}
          extra={owed !== undefined ? `${t("orders.fields.stillOwed")}: ${money(owed)}` : undefined}
          rules={rule(
            "amount",
            t("orders.validation.amount"),
            owed !== undefined
              ? [{ type: "number", max: owed, message: t("orders.validation.amountOwed", { owed: money(owed) }) }]
              : [],
          )}
        >
          <InputNumber min={0.01} step={0.01} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item
          name="transferredAt"
          label={t("orders.fields.transferredAt")}
          rules={rule("transferredAt", t("orders.validation.transferredAt"), [
            // The server allows five minutes of clock skew; a later time is a typing slip.
            {
              validator: async (_, v?: Dayjs) => {
                if (v && v.isAfter(dayjs().add(5, "minute"))) throw new Error(t("orders.validation.transferredFuture"));
              },
            },
          ])}
        >
          <DatePicker showTime style={{ width: "100%" }} disabledDate={(d) => d.isAfter(dayjs().endOf("day"))} />
        </Form.Item>
        <Form.Item
          name="file"
          label={t("orders.fields.slipFile")}
          valuePropName="fileList"
          getValueFromEvent={fileListOf}
          rules={rule("file", t("orders.validation.slipFile"))}
          extra={t("orders.messages.slipFileHint")}
        >
          {/* Kept in the form and sent with the other fields, not uploaded on its own. */}
          <Upload beforeUpload={() => false} maxCount={1} accept={ACCEPT} listType="picture">
            <Button icon={<UploadOutlined />}>{t("orders.actions.chooseFile")}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Approve or reject one slip, with its image, its order and the order's other slips side by side. */
function SlipReviewDialog({ slipId, onClose, onDone }: { slipId: number; onClose: () => void; onDone: () => unknown }) {
  const t = useTranslate();
  const { money } = useFormat();
  const { result, query } = useCustom<{ data: Slip & { order: OrderSummary; otherSlips: Slip[] } }>(
    readCall("slipView", { id: slipId }),
  );
  const { run, busy } = useOrderAction(() => Promise.all([query.refetch(), onDone()]));
  const [note, setNote] = useState("");
  const slip = result.data?.data;
  const decide = async (approve: boolean) => {
    const res = await run(
      "approveSlip",
      { id: slipId, approve, ...(note.trim() ? { note: note.trim() } : {}) },
      (answer) => {
        if (!approve) return ["slipRejected"];
        // The answer's `data` is the approved slip with what its order still owes (the document leaves it open).
        const slip = answer?.data;
        const owed = slip && typeof slip === "object" && "orderOwed" in slip ? Number(slip.orderOwed) : 0;
        return owed > 0 ? ["slipApprovedPart", { owed: money(owed) }] : ["slipApproved"];
      },
    );
    if (res.ok) onClose();
  };
  const pending = slip?.status === "pending";
  return (
    <Modal
      open
      width={760}
      title={t("orders.titles.reviewSlip")}
      onCancel={onClose}
      footer={
        pending && (
          <Space>
            <Popconfirm
              title={t("orders.messages.confirmRejectSlip")}
              okText={t("orders.actions.reject")}
              okButtonProps={{ danger: true }}
              cancelText={t("buttons.cancel")}
              onConfirm={() => decide(false)}
            >
              <Button danger icon={<CloseOutlined />} loading={busy}>
                {t("orders.actions.reject")}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t("orders.messages.confirmApproveSlip")}
              okText={t("orders.actions.approve")}
              cancelText={t("buttons.cancel")}
              onConfirm={() => decide(true)}
            >
              <Button type="primary" icon={<CheckOutlined />} loading={busy}>
                {t("orders.actions.approve")}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {slip && (
        <Space align="start" size={24} wrap>
          <AuthImage url={slip.imageUrl} width={260} height={360} alt={t("orders.fields.slip")} />
          <div style={{ minWidth: 280 }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t("orders.fields.orderNo")}>
                <Link to={orderPaths.show(slip.order.id)}>{slip.order.orderNo}</Link>
              </Descriptions.Item>
              <Descriptions.Item label={t("orders.fields.orderStatus")}>
                <StatusTag status={slip.order.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t("orders.fields.orderTotal")}>{money(slip.orderTotal)}</Descriptions.Item>
              <Descriptions.Item label={t("orders.fields.paidSoFar")}>{money(slip.orderPaid)}</Descriptions.Item>
              <Descriptions.Item label={t("orders.fields.stillOwed")}>{money(slip.orderOwed)}</Descriptions.Item>
              <Descriptions.Item label={t("orders.fields.amount")}>
                {/* While pending: more than still owed cannot be approved (red), less pays part of the order (amber). */}
                <Typography.Text
                  strong
                  type={
                    !pending || slip.amount === slip.orderOwed
                      ? undefined
                      : slip.amount > slip.orderOwed
                        ? "danger"
                        : "warning"
                  }
                >
                  {money(slip.amount)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t("orders.fields.bank")}>{slip.bankName}</Descriptions.Item>
              <Descriptions.Item label={t("orders.fields.transferredAt")}>
                {dateTime(slip.transferredAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t("orders.fields.slipStatus")}>
                <StatusTag status={slip.status} group="slipStatus" />
              </Descriptions.Item>
              {slip.otherSlips.length > 0 && (
                <Descriptions.Item label={t("orders.fields.otherSlips")}>
                  {slip.otherSlips.map((s) => (
                    <div key={s.id}>
                      {money(s.amount)} · <StatusTag status={s.status} group="slipStatus" />
                    </div>
                  ))}
                </Descriptions.Item>
              )}
            </Descriptions>
            {pending && (
              <Input.TextArea
                rows={2}
                maxLength={500}
                placeholder={t("orders.fields.reviewNote")}
                aria-label={t("orders.fields.reviewNote")}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </div>
        </Space>
      )}
    </Modal>
  );
}

export function SlipList() {
  const t = useTranslate();
  const scroll = useTableScroll();
  const pinned = usePinned();
  const { money } = useFormat();
  const [review, setReview] = useState<number | null>(null);
  const [upload, setUpload] = useState<{ mode: "upload" | "change"; slip?: Slip } | null>(null);
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<Slip>("orders-slip", {
    initial: { status: "pending" },
    empty: t("orders.messages.noSlips"),
  });
  const status = (filters.status as string | undefined) ?? "all";

  return (
    <List
      title={t("orders.titles.slips")}
      resource="orders-slip"
      headerButtons={
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUpload({ mode: "upload" })}>
          {t("orders.actions.uploadSlip")}
        </Button>
      }
    >
      <Tabs
        activeKey={status}
        onChange={(key) => apply({ status: key })}
        items={SLIP_STATUSES.map((s) => ({
          key: s,
          label: s === "all" ? t("orders.status.all") : t(`orders.slipStatus.${s}`),
        }))}
      />
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("orders.fields.slipSearch")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
          width={280}
        />
      </FilterBar>
      <Table<Slip> {...tableProps} rowKey="id" scroll={scroll(1530)}>
        <Table.Column<Slip>
          key="image"
          width={120}
          title={t("orders.fields.slip")}
          render={(_, slip) => (
            <AuthImage url={slip.imageUrl} width={48} height={64} alt={`${t("orders.fields.slip")} ${slip.orderNo}`} />
          )}
        />
        <Table.Column<Slip>
          dataIndex="orderNo"
          title={t("orders.fields.orderNo")}
          width={160}
          render={(v: string, slip) => <Link to={orderPaths.show(slip.orderId)}>{v}</Link>}
        />
        <Table.Column<Slip> dataIndex="shopName" title={t("orders.fields.shop")} />
        <Table.Column<Slip> dataIndex="bankName" title={t("orders.fields.bank")} width={160} />
        <Table.Column<Slip>
          dataIndex="amount"
          title={t("orders.fields.amount")}
          width={130}
          align="end"
          render={(v: number) => money(v)}
        />
        <Table.Column<Slip>
          dataIndex="orderOwed"
          title={t("orders.fields.stillOwed")}
          width={130}
          align="end"
          render={(v: number) => money(v)}
        />
        <Table.Column<Slip>
          dataIndex="transferredAt"
          title={t("orders.fields.transferredAt")}
          width={180}
          render={dateTime}
        />
        <Table.Column<Slip>
          dataIndex="status"
          title={t("orders.fields.slipStatus")}
          width={150}
          render={(s: string) => <StatusTag status={s} group="slipStatus" />}
        />
        <Table.Column<Slip>
          dataIndex="orderStatus"
          title={t("orders.fields.orderStatus")}
          width={170}
          render={(s: string) => <StatusTag status={s} />}
        />
        <Table.Column<Slip>
          key="actions"
          fixed={pinned("right")}
          width={200}
          title={t("orders.fields.actions")}
          render={(_, slip) => (
            <Space size={4}>
              <Button
                size="small"
                type={slip.status === "pending" ? "primary" : "default"}
                icon={slip.status === "pending" ? <CheckOutlined /> : <EyeOutlined />}
                aria-label={`${t("orders.actions.review")}: ${slip.orderNo}`}
                onClick={() => setReview(slip.id)}
              >
                {slip.status === "pending" ? t("orders.actions.review") : t("orders.actions.view")}
              </Button>
              {(slip.status === "pending" || slip.status === "rejected") && (
                <Button size="small" icon={<SwapOutlined />} onClick={() => setUpload({ mode: "change", slip })}>
                  {t("orders.actions.changeSlip")}
                </Button>
              )}
            </Space>
          )}
        />
      </Table>
      {review !== null && (
        <SlipReviewDialog slipId={review} onClose={() => setReview(null)} onDone={() => tableQuery.refetch()} />
      )}
      {upload && (
        <SlipUploadDialog
          mode={upload.mode}
          slip={upload.slip}
          onClose={() => setUpload(null)}
          onDone={() => tableQuery.refetch()}
        />
      )}
    </List>
  );
}
