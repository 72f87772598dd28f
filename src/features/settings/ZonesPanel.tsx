import { useTranslate } from "@refinedev/core";
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Select, Skeleton, Table, Tag, Typography } from "antd";
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useState } from "react";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { useProvinces, useRestWrite } from "./hooks";
import { REST, unplaced, type Province, type Zone } from "./model";

const createRule = writeRules("/api/v2/shipping-zones");
const changeRule = writeRules("/api/v2/shipping-zones", "patch");

interface Values {
  code: string;
  name: string;
  nameTh: string;
  provinces: string[];
}

/** Adds a zone or changes one: names and provinces (a province taken from another zone leaves it). */
function ZoneDialog({
  zone,
  zones,
  provinces,
  onClose,
  onSaved,
}: {
  zone?: Zone;
  zones: Zone[];
  provinces: Province[];
  onClose(): void;
  onSaved(): void;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const { send, busy } = useRestWrite();
  const [problem, setProblem] = useState<string>();
  // The marks of the write sent.
  const rule = zone ? changeRule : createRule;
  const chosen = Form.useWatch("provinces", form) ?? [];
  const moved = zones.filter((z) => z.code !== zone?.code && z.provinces.some((p) => chosen.includes(p.code)));
  const finish = async (v: Values) => {
    setProblem(undefined);
    try {
      await send(REST.zones, zone ? "patch" : "post", zone ? { ...v, code: zone.code } : v);
      notification.success({ message: t("shipping.zones.saved", { name: v.name }) });
      onSaved();
      onClose();
    } catch (e) {
      if (!applyFieldErrors(form, e)) setProblem(errorMessage(e));
    }
  };
  const zoneOf = (code: string) => zones.find((z) => z.code !== zone?.code && z.provinces.some((p) => p.code === code));
  return (
    <Modal
      open
      title={zone ? t("shipping.zones.editTitle", { name: zone.name }) : t("shipping.zones.addTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={
          zone
            ? { name: zone.name, nameTh: zone.nameTh, provinces: zone.provinces.map((p) => p.code) }
            : { provinces: [] }
        }
      >
        {!zone && (
          <Form.Item
            name="code"
            label={t("shipping.fields.code")}
            extra={t("shipping.zones.codeHint")}
            rules={createRule("code", t("shipping.validation.code"), [
              { pattern: /^[a-z][a-z0-9_]{1,39}$/, message: t("shipping.validation.code") },
            ])}
          >
            <Input dir="ltr" maxLength={40} />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t("shipping.fields.zoneName")}
          rules={rule("name", t("shipping.validation.name"))}
        >
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item
          name="nameTh"
          label={t("shipping.fields.zoneNameTh")}
          rules={rule("nameTh", t("shipping.validation.nameTh"))}
        >
          <Input maxLength={80} lang="th" />
        </Form.Item>
        {/* Always sent, as the create requires, but a zone may have no province yet: a mark would refuse []. */}
        <Form.Item name="provinces" label={t("shipping.fields.provinces")}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={provinces.map((p) => {
              const other = zoneOf(p.code);
              return { value: p.code, label: other ? `${p.name} (${other.name})` : p.name };
            })}
          />
        </Form.Item>
        {moved.length > 0 && (
          <Alert
            type="info"
            showIcon
            message={t("shipping.zones.moves", { zones: moved.map((z) => z.name).join(", ") })}
          />
        )}
      </Form>
    </Modal>
  );
}

/** The zones in their order with their provinces; provinces no zone covers are named (they cannot be quoted). */
export function ZonesPanel({ zones, loading, refresh }: { zones: Zone[]; loading: boolean; refresh(): void }) {
  const t = useTranslate();
  const provinces = useProvinces();
  const [edit, setEdit] = useState<{ zone?: Zone } | null>(null);
  if (loading) return <Skeleton active />;
  const loose = unplaced(provinces, zones);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" wrap gap={8} align="center">
        <Typography.Text type="secondary">{t("shipping.zones.hint")}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdit({})}>
          {t("shipping.zones.add")}
        </Button>
      </Flex>
      {loose.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t("shipping.zones.unplaced", { provinces: loose.map((p) => p.name).join(", ") })}
        />
      )}
      <Table<Zone>
        dataSource={zones}
        rowKey="code"
        size="small"
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("shipping.zones.empty")} /> }}
      >
        <Table.Column<Zone>
          key="name"
          title={t("shipping.fields.zoneName")}
          render={(_, z) => (
            <Flex vertical>
              <Typography.Text strong>{z.name}</Typography.Text>
              <Typography.Text type="secondary" lang="th">
                {z.nameTh}
              </Typography.Text>
            </Flex>
          )}
        />
        <Table.Column<Zone>
          key="provinces"
          title={t("shipping.fields.provinces")}
          render={(_, z) =>
            z.provinces.length ? (
              <Flex wrap gap={4}>
                {z.provinces.map((p) => (
                  <Tag key={p.code} style={{ marginInlineEnd: 0 }}>
                    {p.name}
                  </Tag>
                ))}
              </Flex>
            ) : (
              <Typography.Text type="secondary">{t("shipping.zones.noProvinces")}</Typography.Text>
            )
          }
        />
        <Table.Column<Zone>
          key="actions"
          width={64}
          title={t("shipping.fields.actions")}
          render={(_, z) => (
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t("buttons.edit")}: ${z.name}`}
              onClick={() => setEdit({ zone: z })}
            />
          )}
        />
      </Table>
      {edit && (
        <ZoneDialog
          zone={edit.zone}
          zones={zones}
          provinces={provinces}
          onClose={() => setEdit(null)}
          onSaved={refresh}
        />
      )}
    </Flex>
  );
}
