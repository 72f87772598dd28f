import { useForm } from "@refinedev/antd";
import { useTranslate, type HttpError } from "@refinedev/core";
import { Alert, Button, Col, Form, Input, Row } from "antd";
import { SaveOutlined } from "@ant-design/icons";
import { errorStatus } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { ImageField } from "../../components/kit/images";
import type { ShopProfile } from "./model";
import { ON_REST } from "../../providers/rest";

type Values = Pick<
  ShopProfile,
  "name" | "description" | "logoUrl" | "coverUrl" | "contactEmail" | "contactPhone" | "version"
>;
const PHONE = /^[+0-9][0-9 -]{5,19}$/;
const rule = writeRules("/api/v2/shops/{id}", "patch");

/** The storefront profile a shopper sees; saved with the version it was read at (a stale save is refused). */
export function ProfileForm({ shop, onSaved }: { shop: ShopProfile; onSaved(): unknown }) {
  const t = useTranslate();
  const { formProps, saveButtonProps, mutation } = useForm<ShopProfile, HttpError, Values>({
    resource: "shops",
    ...ON_REST,
    action: "edit",
    id: shop.id,
    redirect: false,
    queryOptions: { enabled: false },
    successNotification: () => ({ type: "success", message: t("brandshop.messages.profileSaved") }),
    onMutationSuccess: () => void onSaved(),
  });
  const stale = errorStatus(mutation.error) === 409;
  const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

  return (
    <Form<Values>
      {...formProps}
      layout="vertical"
      initialValues={shop}
      style={{ maxWidth: 880 }}
      onFinish={(v) =>
        formProps.onFinish?.({
          version: shop.version,
          name: v.name.trim(),
          description: blankToNull(v.description),
          logoUrl: v.logoUrl ?? null,
          coverUrl: v.coverUrl ?? null,
          contactEmail: blankToNull(v.contactEmail),
          contactPhone: blankToNull(v.contactPhone),
        })
      }
    >
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("brandshop.profile.changedMeanwhile")}
          action={
            <Button size="small" onClick={() => void onSaved()}>
              {t("brandshop.actions.reload")}
            </Button>
          }
        />
      )}
      <Row gutter={24}>
        <Col xs={24} md={16}>
          <Form.Item
            name="name"
            label={t("brandshop.fields.name")}
            rules={rule("name", t("brandshop.validation.nameRequired"), [
              { min: 2, max: 80, message: t("brandshop.validation.nameLength") },
            ])}
          >
            <Input maxLength={80} dir="auto" />
          </Form.Item>
          <Form.Item name="description" label={t("brandshop.fields.description")} rules={[{ max: 2000 }]}>
            <Input.TextArea rows={5} maxLength={2000} showCount dir="auto" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="contactEmail"
                label={t("brandshop.fields.contactEmail")}
                rules={[{ type: "email", message: t("brandshop.validation.email") }]}
              >
                <Input type="email" dir="ltr" autoComplete="email" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="contactPhone"
                label={t("brandshop.fields.contactPhone")}
                rules={[{ pattern: PHONE, message: t("brandshop.validation.phone") }]}
              >
                <Input type="tel" dir="ltr" autoComplete="tel" />
              </Form.Item>
            </Col>
          </Row>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="logoUrl" label={t("brandshop.fields.logo")}>
            <ImageField label={t("brandshop.fields.logo")} shape="square" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="coverUrl" label={t("brandshop.fields.cover")} extra={t("brandshop.profile.coverHint")}>
            <ImageField label={t("brandshop.fields.cover")} shape="wide" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" icon={<SaveOutlined />} {...saveButtonProps}>
        {t("buttons.save")}
      </Button>
    </Form>
  );
}
