import { useMemo, useState } from "react";
import { useCreate, useCustom, useList } from "@refinedev/core";
import {
  Alert,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Tag,
  Typography,
  theme,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { formOnlyRequired, RADIO_GROUP, writeRules } from "../../components/kit/rules";
import { DEFAULT_ZONE } from "../../components/kit/window";
import {
  BODY_MAX,
  calls,
  categoryColor,
  LINK,
  RESOURCE,
  TITLE_MAX,
  type Audience,
  type AudienceRow,
  type Message,
  type NewMessage,
} from "./model";
import { ON_REST } from "../../providers/rest";
import { useTypedSearch } from "../../components/kit/list";

const rule = writeRules("/api/notify/createmessage");

export interface ComposeValues {
  title: string;
  body: string;
  category: string;
  audience: Audience;
  shopId?: number;
  roleCode?: string;
  link?: string;
  when: "now" | "later";
  scheduledAt?: Dayjs | null;
  timezone: string;
}

/** The picked wall-clock time read in the picked zone, as ISO with that zone's offset. */
export const zonedIso = (picked: Dayjs, zone: string) => dayjs.tz(picked.format("YYYY-MM-DDTHH:mm:00"), zone).format();

/** The form's values as `createmessage` takes them. */
export function toPayload(v: ComposeValues): NewMessage {
  const link = v.link?.trim();
  return {
    title: v.title.trim(),
    body: v.body.trim(),
    category: v.category,
    audience: v.audience,
    ...(v.audience === "shop" ? { shopId: v.shopId } : {}),
    ...(v.audience === "role" ? { roleCode: v.roleCode } : {}),
    ...(link ? { link } : {}),
    ...(v.when === "later" && v.scheduledAt
      ? { scheduledAt: zonedIso(v.scheduledAt, v.timezone), timezone: v.timezone }
      : {}),
  };
}

/** Every zone the browser knows, the marketplace's own first. */
const zones = () => {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([DEFAULT_ZONE, Intl.DateTimeFormat().resolvedOptions().timeZone, ...all])];
};

const INITIAL: Partial<ComposeValues> = { audience: "all", when: "now", timezone: DEFAULT_ZONE, category: "promotion" };

/** Compose a message: audience, words, an optional link, now or at a time in a zone; a preview beside. */
export function ComposeDialog({ onClose, onDone }: { onClose(): void; onDone(message: Message): void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<ComposeValues>();
  const [failure, setFailure] = useState<string>();
  const [shopSearch, setShopSearch] = useTypedSearch();
  // The picked shop stays named in the preview when a later search no longer lists it.
  const [pickedShop, setPickedShop] = useState<AudienceRow>();
  const values = Form.useWatch([], form) ?? INITIAL;
  const audience = values.audience ?? "all";

  const { result: categoriesAnswer } = useCustom<{ items: { code: string; name: string }[] }>(
    calls.readCall("categories"),
  );
  const categories = categoriesAnswer.data?.items ?? [];
  const audienceList = (kind: Audience, q = "") => ({
    resource: "notification-audiences",
    ...ON_REST,
    filters: [
      { field: "audience", operator: "eq" as const, value: kind },
      ...(q ? [{ field: "q", operator: "eq" as const, value: q }] : []),
    ],
    pagination: { currentPage: 1, pageSize: 50 },
  });
  const everyone = useList<AudienceRow>(audienceList("all"));
  const shops = useList<AudienceRow>(audienceList("shop", shopSearch));
  const roles = useList<AudienceRow>(audienceList("role"));
  const { mutateAsync: create, mutation } = useCreate<Message>();
  const zoneOptions = useMemo(() => zones().map((z) => ({ value: z, label: z })), []);

  const shop =
    shops.result.data.find((s) => s.id === values.shopId) ??
    (pickedShop?.id === values.shopId ? pickedShop : undefined);
  const role = roles.result.data.find((r) => r.code === values.roleCode);
  const target = audience === "all" ? everyone.result.data[0] : audience === "shop" ? shop : role;
  const audienceWords =
    audience === "all"
      ? t("notifications.audience.all")
      : audience === "shop"
        ? shop?.name
        : role && t(`roles.${role.code}`, role.name);

  const submit = (v: ComposeValues) => {
    setFailure(undefined);
    create({ resource: RESOURCE, values: toPayload(v), successNotification: false, errorNotification: false })
      .then(({ data }) => onDone(data))
      .catch((error) => {
        if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
      });
  };

  const later = values.when === "later";
  const when = !later
    ? t("notifications.compose.sendsNow")
    : values.scheduledAt
      ? t("notifications.compose.sendsAt", { time: values.scheduledAt.format("ll HH:mm"), zone: values.timezone })
      : undefined;
  return (
    <Modal
      open
      width={920}
      title={t("notifications.compose.title")}
      okText={later ? t("notifications.compose.schedule") : t("notifications.compose.sendNow")}
      cancelText={t("buttons.cancel")}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Row gutter={[24, 16]}>
        <Col xs={24} md={14}>
          <Form<ComposeValues> form={form} layout="vertical" initialValues={INITIAL} onFinish={submit}>
            <Form.Item name="audience" label={t("notifications.fields.audience")} rules={rule("audience")}>
              <Radio.Group
                {...RADIO_GROUP}
                optionType="button"
                options={(["all", "shop", "role"] as Audience[]).map((a) => ({
                  value: a,
                  label: t(`notifications.audience.${a}`),
                }))}
              />
            </Form.Item>
            {audience === "shop" && (
              <Form.Item
                name="shopId"
                label={t("notifications.fields.shop")}
                // The server requires it with the audience "shop" only, which the schema's required list cannot say.
                rules={[formOnlyRequired(t("notifications.validation.shop"))]}
              >
                <Select
                  showSearch
                  filterOption={false}
                  onSearch={setShopSearch}
                  onSelect={(id: number) => setPickedShop(shops.result.data.find((s: AudienceRow) => s.id === id))}
                  loading={shops.query.isFetching}
                  placeholder={t("notifications.compose.pickShop")}
                  options={shops.result.data.map((s) => ({
                    value: s.id!,
                    label: `${s.name} · ${t("notifications.compose.users", { count: s.users })}`,
                  }))}
                />
              </Form.Item>
            )}
            {audience === "role" && (
              <Form.Item
                name="roleCode"
                label={t("notifications.fields.role")}
                // The server requires it with the audience "role" only, which the schema's required list cannot say.
                rules={[formOnlyRequired(t("notifications.validation.role"))]}
              >
                <Select
                  placeholder={t("notifications.compose.pickRole")}
                  options={roles.result.data.map((r) => ({
                    value: r.code!,
                    label: `${t(`roles.${r.code}`, r.name)} · ${t("notifications.compose.users", { count: r.users })}`,
                  }))}
                />
              </Form.Item>
            )}
            <Form.Item
              name="category"
              label={t("notifications.fields.category")}
              rules={rule("category", t("notifications.validation.category"))}
            >
              <Select
                options={categories.map((c) => ({
                  value: c.code,
                  label: t(`notifications.categories.${c.code}`, c.name),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="title"
              label={t("notifications.fields.title")}
              rules={rule("title", t("notifications.validation.title"), [
                { max: TITLE_MAX, message: t("notifications.validation.tooLong", { max: TITLE_MAX }) },
              ])}
            >
              <Input maxLength={TITLE_MAX} showCount dir="auto" />
            </Form.Item>
            <Form.Item
              name="body"
              label={t("notifications.fields.body")}
              extra={t("notifications.compose.plainText")}
              rules={rule("body", t("notifications.validation.body"), [
                { max: BODY_MAX, message: t("notifications.validation.tooLong", { max: BODY_MAX }) },
              ])}
            >
              <Input.TextArea rows={5} maxLength={BODY_MAX} showCount dir="auto" />
            </Form.Item>
            <Form.Item
              name="link"
              label={t("notifications.compose.linkOptional")}
              extra={t("notifications.compose.linkHint")}
              rules={[{ pattern: LINK, message: t("notifications.validation.link") }]}
            >
              <Input placeholder="/supplier/dashboard" style={{ direction: "ltr" }} />
            </Form.Item>
            <Form.Item name="when" label={t("notifications.fields.when")}>
              <Radio.Group
                {...RADIO_GROUP}
                optionType="button"
                options={[
                  { value: "now", label: t("notifications.compose.now") },
                  { value: "later", label: t("notifications.compose.later") },
                ]}
              />
            </Form.Item>
            {later && (
              <Flex wrap gap={8}>
                <Form.Item
                  name="scheduledAt"
                  label={t("notifications.fields.scheduledAt")}
                  // "Later" is the form's choice: without a time the server would send the message now.
                  rules={[formOnlyRequired(t("notifications.validation.scheduledAt"))]}
                  style={{ flex: "1 1 200px", marginBottom: 0 }}
                >
                  <DatePicker
                    showTime={{ format: "HH:mm" }}
                    format="YYYY-MM-DD HH:mm"
                    disabledDate={(d) => d.isBefore(dayjs().startOf("day"))}
                    style={{ width: "100%" }}
                  />
                </Form.Item>
                <Form.Item
                  name="timezone"
                  label={t("notifications.fields.timezone")}
                  style={{ flex: "1 1 200px", marginBottom: 0 }}
                >
                  <Select showSearch options={zoneOptions} />
                </Form.Item>
              </Flex>
            )}
          </Form>
        </Col>
        <Col xs={24} md={10}>
          <Typography.Text type="secondary">{t("notifications.compose.preview")}</Typography.Text>
          <Card size="small" style={{ marginTop: 8, background: token.colorPrimaryBg }} data-testid="compose-preview">
            <Tag color={categoryColor(values.category ?? "")}>
              {values.category ? t(`notifications.categories.${values.category}`, values.category) : "—"}
            </Tag>
            {/* Plain elements: antd's Typography sets the UI direction in CSS, over dir="auto". */}
            <div dir="auto" style={{ marginTop: 6, fontWeight: 600 }}>
              {values.title?.trim() || t("notifications.compose.previewTitle")}
            </div>
            <div dir="auto" style={{ whiteSpace: "pre-wrap", margin: "4px 0 0", color: token.colorTextSecondary }}>
              {values.body?.trim() || t("notifications.compose.previewBody")}
            </div>
            {values.link?.trim() && (
              <Typography.Text code>
                <bdi dir="ltr">{values.link.trim()}</bdi>
              </Typography.Text>
            )}
          </Card>
          <Flex vertical gap={4} style={{ marginTop: 12 }}>
            <Typography.Text>{t("notifications.compose.to", { audience: audienceWords ?? "—" })}</Typography.Text>
            {target && (
              <Typography.Text type="secondary">
                {t("notifications.compose.reach", { count: target.users })}
              </Typography.Text>
            )}
            {when && <Typography.Text type="secondary">{when}</Typography.Text>}
          </Flex>
        </Col>
      </Row>
    </Modal>
  );
}
