import type { Answer, Query } from "../../api";
import { useState } from "react";
import { Create, useForm } from "@refinedev/antd";
import { useDataProvider, useGo, useTranslate, type HttpError } from "@refinedev/core";
import { Alert, Col, Form, Input, InputNumber, Row, Select } from "antd";
import { useEditMasters } from "./hooks";
import { editBody, ProductFields } from "./ProductFields";
import { newProductPaths, readCall, type ProductDetail } from "./model";
import { useSession } from "../../providers/session";
import { errorMessage, errorStatus, hasFieldErrors } from "../../components/kit/errors";
import { BackLink } from "../../components/kit/direction";
import { writeRules } from "../../components/kit/rules";

interface CreateValues {
  shopId: number;
  code: string;
  name: string;
  price: number;
  [key: string]: unknown;
}

const CREATE_FIELDS = ["name", "description", "brandId", "level1Id", "level2Id", "unitId", "warrantyId"] as const;

const rule = writeRules("/api/product/createnewproduct");

/** A supplier's new product: saved as a draft, then images are added and it is submitted. */
export function NewProductCreate() {
  const t = useTranslate();
  const go = useGo();
  const { shops } = useSession();
  const masters = useEditMasters();
  const dataProvider = useDataProvider();
  const [formError, setFormError] = useState<string | null>(null);

  const { form, formProps, saveButtonProps, onFinish } = useForm<ProductDetail, HttpError, CreateValues>({
    resource: "supplier-newproduct",
    action: "create",
    redirect: false,
    successNotification: () => ({
      type: "success",
      message: t("product.messages.draftCreated", "Draft saved — now add images and submit"),
    }),
    errorNotification: (error) =>
      errorStatus(error) === 400 || errorStatus(error) === 409
        ? false
        : {
            type: "error",
            message: t("product.messages.saveFailed", "The product could not be saved"),
            description: errorMessage(error),
          },
    onMutationSuccess: ({ data }) => go({ to: newProductPaths.edit(data.id) }),
    onMutationError: (error) => {
      // A duplicate code found by the server on a race: the code field is the one to change.
      const onCode = !hasFieldErrors(form, error) && errorStatus(error) === 409;
      if (onCode) form.setFields([{ name: "code", errors: [errorMessage(error)] }]);
      setFormError(onCode || hasFieldErrors(form, error) ? null : errorMessage(error));
    },
  });

  /** Duplicate codes are caught while typing; the server still answers 409 on a race. */
  const codeIsFree = async (_: unknown, code?: string) => {
    const shopId = form.getFieldValue("shopId") as number | undefined;
    if (!code?.trim() || !shopId) return;
    const { url, method, meta } = readCall("searchproductcode");
    const query: Query<"/api/product/searchproductcode"> = { code: code.trim(), shopId };
    const answer = await dataProvider().custom!({ url, method, meta, query });
    if ((answer.data as Answer<"/api/product/searchproductcode">).data.exists)
      throw new Error(t("product.validation.codeTaken", "This code is already used in this shop"));
  };

  const submit = (values: CreateValues) => {
    setFormError(null);
    const body = {
      shopId: values.shopId,
      code: values.code.trim(),
      price: values.price,
      ...editBody(values, CREATE_FIELDS),
    };
    // Empty optional fields are left out on create.
    for (const key of Object.keys(body))
      if ((body as Record<string, unknown>)[key] === null) delete (body as Record<string, unknown>)[key];
    return onFinish(body as CreateValues).catch(() => undefined);
  };

  return (
    <Create
      title={t("product.titles.create", "New product")}
      goBack={<BackLink to={newProductPaths.list} label={t("buttons.backToList")} />}
      saveButtonProps={{ ...saveButtonProps, children: t("product.actions.saveDraft", "Save draft") }}
    >
      <Form<CreateValues>
        {...formProps}
        onFinish={submit}
        layout="vertical"
        initialValues={{ shopId: shops[0]?.id }}
        style={{ maxWidth: 960 }}
      >
        {formError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={formError} />}
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="shopId"
              label={t("product.fields.shop", "Shop")}
              rules={rule("shopId", t("product.validation.shopRequired", "Choose a shop"))}
            >
              <Select
                options={shops.map((s) => ({ value: s.id, label: s.name }))}
                onChange={() => form.validateFields(["code"]).catch(() => undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={7}>
            <Form.Item
              name="code"
              label={t("product.fields.code", "Code")}
              validateTrigger="onBlur"
              validateDebounce={300}
              rules={rule("code", t("product.validation.codeRequired", "Enter the product code"), [
                { validator: codeIsFree },
              ])}
            >
              <Input maxLength={40} dir="ltr" />
            </Form.Item>
          </Col>
          <Col xs={24} md={7}>
            <Form.Item
              name="price"
              label={t("product.fields.price", "Price (THB)")}
              rules={rule("price", t("product.validation.priceRequired", "Enter the price"), [
                {
                  type: "number",
                  min: 0.01,
                  message: t("product.validation.pricePositive", "The price must be more than 0"),
                },
              ])}
            >
              <InputNumber min={0} precision={2} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
        </Row>
        <ProductFields masters={masters} full={false} write="create" />
      </Form>
    </Create>
  );
}
