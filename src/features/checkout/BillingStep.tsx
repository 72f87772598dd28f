import type { Answer } from "../../api";
import { useCustom, useTranslate } from "@refinedev/core";
import { Button, Col, Flex, Form, Input, Row, Select, type FormRule } from "antd";
import { callsOf } from "../../resources/calls";
import { ThenChevron } from "../../components/kit/direction";
import { formOnlyRequired, writeRules } from "../../components/kit/rules";
import checkout from "./endpoints";
import type { Billing } from "./model";

const { readCall } = callsOf(checkout);
const orderRule = writeRules("/api/v2/checkout-orders");
/** As the server reads it: digits, spaces, dashes and brackets, optionally after +. */
const PHONE = /^[+0-9][0-9 ()-]*$/;
/** Phone numbers and email addresses read left to right in Arabic too (antd's rtl class sets `direction`, so a `dir` attribute would lose). */
const LTR = { direction: "ltr" } as const;
/** A name or an address reads in its own script's direction. */
const OWN = { unicodeBidi: "plaintext" } as const;

/** The customer and the address the order is billed and sent to; the province narrows the districts. */
export function BillingStep({
  billing,
  onBack,
  onDone,
}: {
  billing: Billing | null;
  onBack(): void;
  onDone(b: Billing): void;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<Billing>();
  const provinceId = Form.useWatch("provinceId", form) ?? billing?.provinceId;
  const provinces = useCustom<Answer<"/api/masterdata/masterprovince">>({
    ...readCall("provinces"),
    errorNotification: false,
  });
  const districts = useCustom<Answer<"/api/masterdata/masterdistrict">>({
    ...readCall("districts", { provinceId }),
    queryOptions: { enabled: !!provinceId },
    errorNotification: false,
  });
  const missing = (field: string) => t("checkout.billing.required", { field: t(`checkout.billing.${field}`) });
  const required = (field: "name" | "phone" | "address" | "districtId", words: string, more: FormRule[] = []) =>
    orderRule(`billing.${field}`, missing(words), more);

  return (
    <Form<Billing>
      form={form}
      layout="vertical"
      initialValues={billing ?? undefined}
      onFinish={(v) =>
        onDone({
          ...v,
          name: v.name.trim(),
          phone: v.phone.trim(),
          address: v.address.trim(),
          email: v.email?.trim() || null,
          subdistrict: v.subdistrict?.trim() || null,
        })
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t("checkout.billing.name")}
            rules={required("name", "name", [{ min: 2, max: 100, message: t("checkout.billing.nameLength") }])}
          >
            <Input autoComplete="name" style={OWN} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t("checkout.billing.phone")}
            rules={required("phone", "phone", [
              {
                validator: async (_, v?: string) => {
                  const digits = (v ?? "").replace(/[\s\-().]/g, "").replace(/^\+66/, "0");
                  if (v && (!PHONE.test(v.trim()) || !/^\d{9,15}$/.test(digits)))
                    throw new Error(t("checkout.billing.phoneInvalid"));
                },
              },
            ])}
          >
            <Input autoComplete="tel" inputMode="tel" style={LTR} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t("checkout.billing.email")}
            rules={[{ type: "email", message: t("checkout.billing.emailInvalid") }]}
          >
            <Input autoComplete="email" style={LTR} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="address"
            label={t("checkout.billing.address")}
            rules={required("address", "address", [{ min: 5, max: 300, message: t("checkout.billing.addressLength") }])}
          >
            <Input autoComplete="street-address" style={OWN} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="provinceId"
            label={t("checkout.billing.province")}
            // Not sent: it narrows the districts, and the district it leads to is.
            rules={[formOnlyRequired(missing("province"))]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={provinces.query.isLoading}
              onChange={() => form.setFieldValue("districtId", undefined)}
              options={(provinces.result.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="districtId"
            label={t("checkout.billing.district")}
            rules={required("districtId", "district")}
          >
            <Select
              showSearch
              optionFilterProp="label"
              disabled={!provinceId}
              loading={districts.query.isFetching}
              options={(districts.result.data?.data ?? []).map((d) => ({
                value: d.id,
                label: `${d.name} ${d.zipcode}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="subdistrict" label={t("checkout.billing.subdistrict")} rules={[{ max: 100 }]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="space-between" gap={8} wrap>
        <Button onClick={onBack}>{t("checkout.steps.backTo", { step: t("checkout.steps.cart") })}</Button>
        <Button type="primary" htmlType="submit">
          {t("checkout.steps.nextTo", { step: t("checkout.steps.delivery") })} <ThenChevron />
        </Button>
      </Flex>
    </Form>
  );
}
