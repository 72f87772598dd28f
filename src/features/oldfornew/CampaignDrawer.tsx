import { useState } from "react";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  Divider,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Radio,
  Tooltip,
  Typography,
} from "antd";
import { DeleteOutlined, SaveOutlined } from "@ant-design/icons";
import { FromTo } from "../../components/kit/direction";
import { applyFieldErrors, errorMessage, errorStatus } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import { formOnlyRequired, RADIO_GROUP, writeRules } from "../../components/kit/rules";
import { Thumb } from "../../components/kit/Thumb";
import { WindowField, windowRule, type TimeWindow } from "../../components/kit/window";
import { callsOf } from "../../resources/calls";
import { ProductPicker } from "../homesale/ProductPicker";
import { ClippedName } from "../homesale/ClippedName";
import type { PickedProduct } from "../homesale/model";
import {
  DISCOUNT_TYPES,
  NAME_MAX,
  PERCENT,
  PRODUCTS_MAX,
  SCREEN,
  tradeInPrice,
  type Campaign,
  type DiscountType,
  type NewCampaign,
} from "./model";
import oldfornew from "./endpoints";

const calls = callsOf(oldfornew);
const WINDOW_FIELDS = ["startsAt", "endsAt", "timezone"];
const createRule = writeRules("/api/promotion/createoldfornew");
const editRule = writeRules("/api/promotion/editoldfornew");

interface Values {
  name: string;
  discountType: DiscountType;
  discountValue: number;
  window: TimeWindow;
}
type Eligible = Pick<PickedProduct, "id" | "code" | "name" | "shopName" | "imageUrl" | "price">;

/**
 * A trade-in campaign in a drawer: name, discount (a percent, or THB off and never more than the cheapest
 * product's price), window and eligible products with what a customer pays after trading in. An
 * existing one is saved with the `updatedAt` read; a stale read is said so and the list reloaded.
 */
export function CampaignDrawer({
  campaign,
  onClose,
  onSaved,
}: {
  campaign?: Campaign;
  onClose(): void;
  onSaved(): unknown;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [products, setProducts] = useState<Eligible[]>(campaign?.products ?? []);
  const [productError, setProductError] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation();
  const type = Form.useWatch("discountType", form) ?? campaign?.discountType ?? "percent";
  const value = Form.useWatch("discountValue", form) as number | undefined;
  const cheapest = products.length ? Math.min(...products.map((p) => p.price)) : undefined;
  const rule = campaign ? editRule : createRule;

  const save = async (v: Values) => {
    setProductError(null);
    if (!products.length) return setProductError(t("oldfornew.form.productsRequired"));
    const body: NewCampaign = {
      name: v.name.trim(),
      discountType: v.discountType,
      discountValue: v.discountValue,
      startsAt: v.window.startsAt,
      endsAt: v.window.endsAt,
      timezone: v.window.timezone,
      productIds: products.map((p) => p.id),
    };
    try {
      await mutateAsync({
        ...(campaign
          ? calls.writeCall("edit", { id: campaign.id, updatedAt: campaign.updatedAt, ...body })
          : calls.writeCall("create", body)),
        successNotification: () => ({
          type: "success",
          message: t(campaign ? "oldfornew.messages.saved" : "oldfornew.messages.created"),
        }),
        errorNotification: false,
      });
      await onSaved();
      onClose();
    } catch (e) {
      const errors = (e as { errors?: Record<string, string[]> }).errors ?? {};
      if (errorStatus(e) === 409) {
        notification.warning({ message: t("oldfornew.messages.stale"), description: errorMessage(e) });
        await onSaved();
        return onClose();
      }
      const windowErrors = Object.entries(errors)
        .filter(([k]) => WINDOW_FIELDS.includes(k))
        .flatMap(([, m]) => m);
      if (windowErrors.length) form.setFields([{ name: "window", errors: windowErrors }]);
      if (errors.productIds) setProductError(errors.productIds.join(" "));
      if (!applyFieldErrors(form, e) && !windowErrors.length && !errors.productIds) {
        notification.error({ message: t("oldfornew.messages.failed"), description: errorMessage(e) });
      }
    }
  };

  const initial: Partial<Values> = campaign
    ? {
        name: campaign.name,
        discountType: campaign.discountType,
        discountValue: campaign.discountValue,
        window: { startsAt: campaign.startsAt, endsAt: campaign.endsAt, timezone: campaign.timezone },
      }
    : { discountType: "percent" };

  return (
    <Drawer
      open
      onClose={onClose}
      width="min(760px, 100vw)"
      destroyOnHidden
      title={campaign ? <bdi>{campaign.name}</bdi> : t("oldfornew.titles.create")}
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={mutation.isPending} onClick={() => form.submit()}>
          {t(campaign ? "buttons.save" : "oldfornew.actions.submit")}
        </Button>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
        <Form.Item
          name="name"
          label={t("oldfornew.fields.name")}
          rules={rule("name", t("oldfornew.form.nameRequired"), [{ max: NAME_MAX }])}
        >
          <Input maxLength={NAME_MAX} dir="auto" />
        </Form.Item>
        <Flex gap={16} wrap align="flex-start">
          <Form.Item name="discountType" label={t("oldfornew.fields.discountType")} rules={rule("discountType")}>
            <Radio.Group
              {...RADIO_GROUP}
              optionType="button"
              options={DISCOUNT_TYPES.map((x) => ({ value: x, label: t(`oldfornew.discountTypes.${x}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="discountValue"
            label={t(`oldfornew.fields.discount.${type}`)}
            dependencies={["discountType"]}
            extra={
              type === "fixed" && cheapest !== undefined
                ? t("oldfornew.form.fixedMax", { price: money(cheapest) })
                : undefined
            }
            // A change keeps the stored amount when none is sent, read in the type picked: 10 THB would become 10 %.
            rules={[
              ...(campaign
                ? [formOnlyRequired(t("oldfornew.form.discountRequired"))]
                : rule("discountValue", t("oldfornew.form.discountRequired"))),
              {
                validator: (_, v?: number) => {
                  if (v === undefined || v === null) return Promise.resolve();
                  if (type === "percent" && (v < PERCENT.min || v > PERCENT.max))
                    return Promise.reject(new Error(t("oldfornew.form.percentRange", PERCENT)));
                  if (type === "fixed" && v <= 0) return Promise.reject(new Error(t("oldfornew.form.fixedPositive")));
                  if (type === "fixed" && cheapest !== undefined && v > cheapest)
                    return Promise.reject(new Error(t("oldfornew.form.fixedAbovePrice", { price: money(cheapest) })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber
              min={type === "percent" ? PERCENT.min : 0.01}
              max={type === "percent" ? PERCENT.max : undefined}
              step={type === "percent" ? 1 : 100}
              precision={2}
              addonAfter={type === "percent" ? "%" : "฿"}
              style={{ width: 200 }}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="window"
          label={t("oldfornew.fields.window")}
          rules={[windowRule(t("oldfornew.form.windowRequired"), { start: rule.requires("startsAt") })]}
        >
          <WindowField />
        </Form.Item>
      </Form>
      <Divider orientation="left">{t("oldfornew.products.title", { count: products.length })}</Divider>
      {productError && (
        <Alert
          type="error"
          showIcon
          message={productError}
          style={{ marginBottom: 12 }}
          closable
          onClose={() => setProductError(null)}
        />
      )}
      {products.length ? (
        <List<Eligible>
          size="small"
          bordered
          dataSource={products}
          aria-label={t("oldfornew.products.list")}
          renderItem={(p) => (
            <List.Item
              actions={[
                <Tooltip key="remove" title={t("oldfornew.products.remove")}>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t("oldfornew.products.remove")}: ${p.name}`}
                    onClick={() => setProducts((ps) => ps.filter((x) => x.id !== p.id))}
                  />
                </Tooltip>,
              ]}
            >
              <Flex gap={10} align="center" style={{ minWidth: 0, flex: 1 }}>
                <Thumb url={p.imageUrl} size={36} />
                <Flex vertical style={{ minWidth: 0 }}>
                  <ClippedName text={p.name} />
                  <Typography.Text type="secondary" className="homesale-meta" style={{ fontSize: 12 }}>
                    <bdi>{p.code}</bdi> · <bdi>{p.shopName}</bdi> ·{" "}
                    {value ? (
                      <FromTo from={money(p.price)} to={money(tradeInPrice(p.price, type, value))} />
                    ) : (
                      <bdi>{money(p.price)}</bdi>
                    )}
                  </Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("oldfornew.products.none")} />
      )}
      <Divider orientation="left">{t("oldfornew.products.add")}</Divider>
      <ProductPicker
        resource={SCREEN}
        chosen={products.map((p) => p.id)}
        disabled={products.length >= PRODUCTS_MAX}
        onAdd={(p) => setProducts((ps) => [...ps, p])}
      />
    </Drawer>
  );
}
