import type { ItemOf } from "../../api";
import { useTranslate } from "@refinedev/core";
import { App, Button, Card, Form, Popconfirm, Select, Table, Typography, Upload } from "antd";
import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { useEditMasters, useProductRead, useProductWrite } from "./hooks";
import { JobTag } from "./StateTags";
import { uploadBody, type ListAnswer } from "./model";
import { dateTime } from "../../components/kit/format";
import { writeRules } from "../../components/kit/rules";

/** `status` is the state of the job sending it. */
type Certificate = ItemOf<"/api/product/getTis">;

const ACCEPT = "application/pdf,image/jpeg,image/png,image/webp";
const MAX_BYTES = 10 * 1024 * 1024;

const rule = writeRules("/api/product/senttis");

/** TIS (Thai industrial standard) certificates: attach one and it is queued for sending. */
export default function TisPanel({ productId, onQueued }: { productId: number; onQueued(): void }) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const masters = useEditMasters();
  const { run, busy } = useProductWrite();
  const [form] = Form.useForm<{ tisId?: number }>();
  const tisId = Form.useWatch("tisId", form);
  const { data, loading, refetch } = useProductRead<ListAnswer<Certificate>>("getTis", { id: productId });

  return (
    <Card size="small" title={t("product.tis.title", "TIS certificates")} style={{ maxWidth: 960 }}>
      <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="tisId" label={t("product.fields.tis", "TIS standard")} rules={rule("tisId")}>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 320 }}
            options={(masters.tisProducts ?? []).map((m) => ({ value: m.id, label: `${m.code} ${m.name}` }))}
          />
        </Form.Item>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          disabled={!tisId}
          beforeUpload={(file) => {
            if (file.size > MAX_BYTES) {
              notification.error({
                message: t("product.tis.tooLarge", { name: file.name }, `${file.name}: larger than 10 MB`),
              });
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) =>
            run(
              "senttis",
              uploadBody({ id: productId, tisId: tisId! }, file as File),
              t("product.messages.queued", "Queued — another system will pick it up"),
            )
              .then((r) => {
                onSuccess?.(r);
                onQueued();
                return refetch();
              })
              .catch((e) => onError?.(e as Error))
          }
        >
          <Button icon={<UploadOutlined />} loading={busy} disabled={!tisId}>
            {t("product.tis.attach", "Attach certificate and send")}
          </Button>
        </Upload>
      </Form>
      <Typography.Paragraph type="secondary">
        {t("product.tis.rules", "PDF up to 10 MB, or an image up to 5 MB.")}
      </Typography.Paragraph>
      <Table<Certificate>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t("product.tis.empty", "No certificates attached") }}
        columns={[
          { key: "tis", title: t("product.fields.tis", "TIS standard"), render: (_, c) => `${c.tisCode} ${c.tisName}` },
          {
            dataIndex: "url",
            title: t("product.tis.file", "File"),
            width: 120,
            render: (url: string) => (
              <Typography.Link href={url} target="_blank" rel="noreferrer">
                {t("product.tis.open", "Open")}
              </Typography.Link>
            ),
          },
          {
            dataIndex: "status",
            title: t("product.jobs.status", "State"),
            width: 110,
            render: (s: Certificate["status"]) => <JobTag status={s} />,
          },
          {
            dataIndex: "createdAt",
            title: t("product.jobs.createdAt", "Queued at"),
            width: 160,
            render: (v: string) => dateTime(v),
          },
          {
            key: "delete",
            width: 60,
            render: (_, c) => (
              <Popconfirm
                title={t("product.tis.confirmDelete", "Delete this certificate?")}
                okText={t("product.actions.delete", "Delete")}
                okButtonProps={{ danger: true }}
                cancelText={t("buttons.cancel")}
                onConfirm={() =>
                  run("deleteTis", { id: c.id }, t("product.tis.deleted", "Certificate deleted")).then(() => refetch())
                }
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t("product.actions.delete", "Delete")}: ${c.tisCode}`}
                />
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
