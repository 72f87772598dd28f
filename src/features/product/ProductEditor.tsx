import { lazy, Suspense, useState } from "react";
import { Edit, useForm } from "@refinedev/antd";
import { useInvalidate, useTranslate, type HttpError } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Dropdown,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Tabs,
} from "antd";
import {
  CheckOutlined,
  CloseOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  DollarOutlined,
  DownOutlined,
  SendOutlined,
  SyncOutlined,
} from "@ant-design/icons";
import { useEditMasters, useProductWrite, type WriteBody } from "./hooks";
import type { ProductWrite } from "./endpoints";
import { EDITABLE_FIELDS, ProductFields, editBody } from "./ProductFields";
import { ProductImages } from "./ProductImages";
import { ApprovalTag, OnlineTag } from "./StateTags";
import { RejectDialog } from "./RejectDialog";
import { PriceDialog } from "./PriceDialog";
import { AuditLog } from "./AuditLog";
import { JobsPanel } from "./JobsPanel";
import { newProductPaths, productPaths, type ProductArea, type ProductDetail } from "./model";
import { errorMessage, errorStatus, hasFieldErrors } from "../../components/kit/errors";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { dateTime, useFormat } from "../../components/kit/format";
import { BackLink } from "../../components/kit/direction";
import { writeRules } from "../../components/kit/rules";

// The extra tabs are only downloaded when opened.
const ContentPanel = lazy(() => import("./ContentPanel"));
const MediaPanel = lazy(() => import("./MediaPanel"));
const AttributesPanel = lazy(() => import("./AttributesPanel"));
const ShippingPanel = lazy(() => import("./ShippingPanel"));
const ImageEditPanel = lazy(() => import("./ImageEditPanel"));
const TisPanel = lazy(() => import("./TisPanel"));
const RoomsPanel = lazy(() => import("./RoomsPanel"));
const GpPanel = lazy(() => import("./GpPanel"));

type Flow = "product" | "newproduct";
/** Only a new product's edit takes its code and price. */
const newProductRule = writeRules("/api/product/editnewproduct");
type Values = Record<string, unknown>;

const lazyTab = (node: React.ReactNode) => <Suspense fallback={<Skeleton active />}>{node}</Suspense>;

/**
 * One product's page. `flow` picks the endpoints (catalogue product or a supplier's new product);
 * `area` decides the controls: approval, online and syncs are admin-only.
 */
export function ProductEditor({ area, flow, id: routeId }: { area: ProductArea; flow: Flow; id: string }) {
  const id = Number(routeId);
  const t = useTranslate();
  const { money } = useFormat();
  const admin = area === "admin";
  const resource = flow === "newproduct" ? "supplier-newproduct" : admin ? "product" : "supplier-product";
  const masters = useEditMasters();
  const invalidate = useInvalidate();
  const { run, busy } = useProductWrite();
  const { modal } = App.useApp();
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [pricing, setPricing] = useState(false);
  const [jobsKey, setJobsKey] = useState(0);
  const [auditKey, setAuditKey] = useState(0);

  const { form, formProps, saveButtonProps, onFinish, query } = useForm<ProductDetail, HttpError, Values>({
    resource,
    action: "edit",
    id,
    redirect: false,
    invalidates: [],
    successNotification: () => ({ type: "success", message: t("product.messages.saved", "Product saved") }),
    errorNotification: (error) =>
      errorStatus(error) === 400 || errorStatus(error) === 409
        ? false
        : {
            type: "error",
            message: t("product.messages.saveFailed", "The product could not be saved"),
            description: errorMessage(error),
          },
    onMutationSuccess: () => void refresh(),
    onMutationError: (error) => {
      if (errorStatus(error) === 409) {
        setConflict(errorMessage(error));
        return;
      }
      setFormError(hasFieldErrors(form, error) ? null : errorMessage(error));
    },
  });
  const product = query?.data?.data;
  const status = product?.approvalStatus;
  const draftLike = status === "draft" || status === "rejected";

  const refresh = async () => {
    await query?.refetch();
    void invalidate({ resource, invalidates: ["list"] });
    setAuditKey((k) => k + 1);
  };
  const act = <A extends ProductWrite>(action: A, values: WriteBody<A>, message: string) =>
    run(action, values, message).then(refresh);
  const queue = (action: "syncproduct" | "syncchangeproduct" | "synctopurchase") =>
    run(action, { id }, t("product.messages.queued", "Queued — another system will pick it up")).then(() => {
      setJobsKey((k) => k + 1);
      setAuditKey((k) => k + 1);
    });

  const submit = (values: Values) => {
    setFormError(null);
    setConflict(null);
    const body: Values = { ...editBody(values, EDITABLE_FIELDS), version: product?.version };
    // A new product's code and price are still the supplier's while it is a draft or rejected.
    if (flow === "newproduct" && draftLike) {
      body.code = typeof values.code === "string" ? values.code.trim() : "";
      body.price = values.price;
    }
    return onFinish(body).catch(() => undefined);
  };

  const submitButton = draftLike && (
    <Popconfirm
      title={t("product.messages.confirmSubmit", "Submit this product for approval?")}
      description={t("product.messages.submitHint", "Save your changes first; an admin reviews what is saved.")}
      okText={t("product.actions.submit", "Submit for approval")}
      cancelText={t("buttons.cancel")}
      onConfirm={() => act("submitproduct", { id }, t("product.messages.submitted", "Sent for approval"))}
    >
      <Button icon={<SendOutlined />} loading={busy}>
        {t("product.actions.submit", "Submit for approval")}
      </Button>
    </Popconfirm>
  );

  const adminButtons = admin && product && (
    <>
      {(status === "pending" || status === "resubmitted") && (
        <Popconfirm
          title={t("product.messages.confirmApprove", "Approve this product?")}
          okText={t("product.actions.approve", "Approve")}
          cancelText={t("buttons.cancel")}
          onConfirm={() => act("approveproduct", { id }, t("product.messages.approved", "Product approved"))}
        >
          <Button type="primary" ghost icon={<CheckOutlined />}>
            {t("product.actions.approve", "Approve")}
          </Button>
        </Popconfirm>
      )}
      {(status === "pending" || status === "resubmitted" || status === "approved") && (
        <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)}>
          {t("product.actions.reject", "Reject")}
        </Button>
      )}
      {status === "approved" && !product.online && (
        <Popconfirm
          title={t("product.messages.confirmOnline", "Put this product online?")}
          okText={t("product.actions.putOnline", "Put online")}
          cancelText={t("buttons.cancel")}
          onConfirm={() => act("updateOpenOnline", { id }, t("product.messages.nowOnline", "The product is online"))}
        >
          <Button icon={<CloudUploadOutlined />}>{t("product.actions.putOnline", "Put online")}</Button>
        </Popconfirm>
      )}
      {product.online && (
        <Popconfirm
          title={t("product.messages.confirmClose", "Take this product offline?")}
          okText={t("product.actions.closeOnline", "Close")}
          okButtonProps={{ danger: true }}
          cancelText={t("buttons.cancel")}
          onConfirm={() => act("updateCloseOnline", { id }, t("product.messages.nowClosed", "The product is closed"))}
        >
          <Button icon={<CloudDownloadOutlined />}>{t("product.actions.closeOnline", "Close")}</Button>
        </Popconfirm>
      )}
      <Button icon={<DollarOutlined />} onClick={() => setPricing(true)}>
        {t("product.actions.changePrice", "Change price")}
      </Button>
      {status === "approved" && (
        <Dropdown
          menu={{
            items: [
              { key: "syncproduct", label: t("product.actions.syncFull", "Full sync") },
              { key: "syncchangeproduct", label: t("product.actions.syncChanges", "Sync changes only") },
            ],
            onClick: ({ key }) => {
              modal.confirm({
                title: t("product.messages.confirmSync", "Send this product to the shop front?"),
                okText: t("product.actions.sync", "Sync"),
                cancelText: t("buttons.cancel"),
                onOk: () => queue(key as "syncproduct" | "syncchangeproduct"),
              });
            },
          }}
        >
          <Button icon={<SyncOutlined />}>
            {t("product.actions.sync", "Sync")} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </>
  );

  const newProductButtons = flow === "newproduct" && status === "approved" && (
    <Popconfirm
      title={t("product.messages.confirmPurchaseSync", "Send this product to purchasing?")}
      okText={t("product.actions.syncPurchase", "Sync to purchasing")}
      cancelText={t("buttons.cancel")}
      onConfirm={() => queue("synctopurchase")}
    >
      <Button icon={<SyncOutlined />}>{t("product.actions.syncPurchase", "Sync to purchasing")}</Button>
    </Popconfirm>
  );

  const detailsForm = (
    <Form<Values> {...formProps} onFinish={submit} layout="vertical" style={{ maxWidth: 960 }}>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("product.messages.conflictTitle", "This product was changed meanwhile")}
          description={conflict}
          action={
            <Button
              size="small"
              onClick={() => {
                setConflict(null);
                void query?.refetch();
              }}
            >
              {t("product.actions.reload", "Reload")}
            </Button>
          }
        />
      )}
      {formError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={formError} />}
      {flow === "newproduct" && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="code"
              label={t("product.fields.code", "Code")}
              rules={newProductRule("code", t("product.validation.codeRequired", "Enter the product code"))}
            >
              <Input disabled={!draftLike} dir="ltr" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="price"
              label={t("product.fields.price", "Price (THB)")}
              rules={newProductRule("price", t("product.validation.priceRequired", "Enter the price"), [
                {
                  type: "number",
                  min: 0.01,
                  message: t("product.validation.pricePositive", "The price must be more than 0"),
                },
              ])}
            >
              <InputNumber min={0} precision={2} disabled={!draftLike} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <ProductFields masters={masters} full={flow === "product"} write={flow} />
    </Form>
  );

  const tabs = [
    { key: "details", label: t("product.tabs.details", "Details"), children: detailsForm },
    {
      key: "images",
      label: t("product.tabs.images", "Images"),
      children: (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <ProductImages productId={id} flow={flow} onChange={() => setAuditKey((k) => k + 1)} />
          {flow === "product" &&
            product &&
            lazyTab(<ImageEditPanel productId={id} status={product.imageEditStatus} onChange={refresh} />)}
        </Space>
      ),
    },
    ...(flow === "product"
      ? [
          {
            key: "content",
            label: t("product.tabs.content", "Tags & highlights"),
            children: lazyTab(
              <ContentPanel productId={id} keyHighlights={product?.keyHighlights ?? []} onChange={refresh} />,
            ),
          },
          {
            key: "media",
            label: t("product.tabs.media", "Video & audio"),
            children: lazyTab(<MediaPanel productId={id} />),
          },
          {
            key: "attributes",
            label: t("product.tabs.attributes", "Attributes"),
            children: lazyTab(<AttributesPanel productId={id} />),
          },
          {
            key: "shipping",
            label: t("product.tabs.shipping", "Shipping"),
            children: lazyTab(<ShippingPanel productId={id} />),
          },
          {
            key: "tis",
            label: t("product.tabs.tis", "TIS"),
            children: lazyTab(<TisPanel productId={id} onQueued={() => setJobsKey((k) => k + 1)} />),
          },
          {
            key: "rooms",
            label: t("product.tabs.rooms", "Virtual rooms"),
            children: lazyTab(<RoomsPanel productId={id} />),
          },
        ]
      : []),
    ...(flow === "product" && admin && product
      ? [
          {
            key: "gp",
            label: t("product.tabs.gp", "GP (ERP)"),
            children: lazyTab(
              <GpPanel
                productId={id}
                name={product.name}
                approved={status === "approved"}
                onQueued={() => setJobsKey((k) => k + 1)}
              />,
            ),
          },
        ]
      : []),
    {
      key: "jobs",
      label: t("product.tabs.jobs", "Syncs"),
      children: <JobsPanel key={jobsKey} productId={id} staff={admin} />,
    },
    {
      key: "audit",
      label: t("product.tabs.audit", "Change log"),
      children: <AuditLog key={auditKey} productId={id} />,
    },
  ];

  const listPath = flow === "newproduct" ? newProductPaths.list : productPaths(area).list;
  if (query?.isError) return <RecordFailure query={query} backTo={listPath} />;

  return (
    <Edit
      title={product ? `${product.code} · ${product.name}` : t("product.titles.edit", "Product")}
      goBack={<BackLink to={listPath} label={t("buttons.backToList")} />}
      isLoading={query?.isLoading}
      saveButtonProps={saveButtonProps}
      headerButtons={
        <Space wrap>
          {submitButton}
          {adminButtons}
          {newProductButtons}
        </Space>
      }
      deleteButtonProps={{ hidden: true }}
    >
      {product && (
        <>
          {status === "rejected" && product.rejectReason && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              message={t("product.messages.rejectedTitle", "Rejected by the reviewer")}
              description={`${t("product.fields.rejectReason", "Reason")}: ${product.rejectReason}`}
            />
          )}
          <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t("product.fields.shop", "Shop")}>{product.shopName}</Descriptions.Item>
            <Descriptions.Item label={t("product.fields.status", "Approval")}>
              <ApprovalTag status={product.approvalStatus} reason={product.rejectReason} />
            </Descriptions.Item>
            <Descriptions.Item label={t("product.fields.online", "Online")}>
              <OnlineTag online={product.online} />
            </Descriptions.Item>
            <Descriptions.Item label={t("product.fields.price", "Price (THB)")}>
              {money(product.price)}
            </Descriptions.Item>
            <Descriptions.Item label={t("product.fields.updatedAt", "Updated")}>
              {dateTime(product.updatedAt)}
            </Descriptions.Item>
            {product.submittedAt && (
              <Descriptions.Item label={t("product.fields.submittedAt", "Submitted")}>
                {dateTime(product.submittedAt)}
              </Descriptions.Item>
            )}
          </Descriptions>
        </>
      )}
      {/* The tabs read more of the record: they wait until it is known to exist. */}
      {product && <Tabs items={tabs} destroyOnHidden={false} />}
      {rejecting && (
        <RejectDialog
          title={t("product.approve.rejectTitle", "Reject this product")}
          busy={busy}
          onCancel={() => setRejecting(false)}
          onReject={(reason) =>
            act("unapproveproduct", { id, reason }, t("product.messages.rejected", "Product rejected")).then(() =>
              setRejecting(false),
            )
          }
        />
      )}
      {pricing && product && <PriceDialog target={product} onClose={() => setPricing(false)} onChanged={refresh} />}
    </Edit>
  );
}
