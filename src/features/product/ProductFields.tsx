import { useTranslate } from "@refinedev/core";
import { Col, Form, Input, InputNumber, Row, Select } from "antd";
import type { EditMasters } from "./hooks";
import type { MasterItem } from "./model";
import { writeRules } from "../../components/kit/rules";

const options = (items: MasterItem[] | undefined) => (items ?? []).map((i) => ({ value: i.id, label: i.name }));
const select = { allowClear: true, showSearch: true, optionFilterProp: "label" } as const;

/**
 * The write the form sends, whose schema marks its fields: a new product, or an edit of a catalogue product or of a
 * new one.
 */
const WRITE_RULES = {
  create: writeRules("/api/product/createnewproduct"),
  product: writeRules("/api/product/editproduct"),
  newproduct: writeRules("/api/product/editnewproduct"),
};

/** Product detail fields shared by the catalogue edit form and the new-product form. */
export function ProductFields({
  masters,
  full,
  write,
}: {
  masters: Partial<EditMasters>;
  full: boolean;
  write: keyof typeof WRITE_RULES;
}) {
  const t = useTranslate();
  const rule = WRITE_RULES[write];
  const form = Form.useFormInstance();
  const level1Id = Form.useWatch("level1Id", form) as number | undefined;
  const level2 = (masters.level2 ?? []).filter((i) => !level1Id || i.parentId === level1Id);
  const f = (key: string, fallback: string) => t(`product.fields.${key}`, fallback);

  return (
    <>
      <Form.Item
        name="name"
        label={f("name", "Product name")}
        rules={rule("name", t("product.validation.nameRequired", "Enter the product name"), [
          { max: 200, message: t("product.validation.nameTooLong", "The product name has at most 200 characters") },
        ])}
      >
        <Input maxLength={200} showCount dir="auto" />
      </Form.Item>
      <Form.Item name="description" label={f("description", "Description")} rules={[{ max: 5000 }]}>
        <Input.TextArea rows={4} maxLength={5000} showCount dir="auto" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="brandId" label={f("brand", "Brand")}>
            <Select {...select} options={options(masters.brands)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="level1Id" label={f("level1", "Category")}>
            <Select
              {...select}
              options={options(masters.level1)}
              onChange={() => form.setFieldValue("level2Id", null)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="level2Id" label={f("level2", "Sub-category")}>
            <Select {...select} options={options(level2)} disabled={!level1Id} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="unitId" label={f("unit", "Unit")}>
            <Select {...select} options={options(masters.units)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="warrantyId" label={f("warranty", "Warranty")}>
            <Select {...select} options={options(masters.warranties)} />
          </Form.Item>
        </Col>
        {full && (
          <Col xs={24} md={8}>
            <Form.Item name="colorId" label={f("color", "Colour")}>
              <Select {...select} options={options(masters.colors)} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {full && (
        <>
          <Row gutter={16}>
            {(["width", "length", "height"] as const).map((key) => (
              <Col xs={12} md={6} key={key}>
                <Form.Item
                  name={key}
                  label={f(key, key)}
                  rules={[
                    { type: "number", min: 0, message: t("product.validation.notNegative", "Must be 0 or more") },
                  ]}
                >
                  <InputNumber min={0} style={{ width: "100%" }} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={12} md={6}>
              <Form.Item name="dimensionUnitId" label={f("dimensionUnit", "Dimension unit")}>
                <Select {...select} options={options(masters.unitDimensions)} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item
                name="weight"
                label={f("weight", "Weight")}
                rules={[{ type: "number", min: 0, message: t("product.validation.notNegative", "Must be 0 or more") }]}
              >
                <InputNumber min={0} style={{ width: "100%" }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="weightUnitId" label={f("weightUnit", "Weight unit")}>
                <Select {...select} options={options(masters.weightUnits)} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="volume"
                label={f("volume", "Volume")}
                rules={[{ type: "number", min: 0, message: t("product.validation.notNegative", "Must be 0 or more") }]}
              >
                <InputNumber min={0} style={{ width: "100%" }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="volumeUnitId" label={f("volumeUnit", "Volume unit")}>
                <Select {...select} options={options(masters.volumeUnits)} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="shippingTypeId" label={f("shippingType", "Shipping type")}>
                <Select {...select} options={options(masters.shippingTypes)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="tisId" label={f("tis", "TIS standard")}>
                <Select {...select} options={options(masters.tisProducts)} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}

/** Fields the edit endpoints accept; everything else in the detail is read-only. */
export const EDITABLE_FIELDS = [
  "name",
  "description",
  "brandId",
  "level1Id",
  "level2Id",
  "unitId",
  "warrantyId",
  "colorId",
  "width",
  "length",
  "height",
  "dimensionUnitId",
  "weight",
  "weightUnitId",
  "volume",
  "volumeUnitId",
  "shippingTypeId",
  "tisId",
] as const;

/** Form values → edit body: cleared fields are sent as null (the server clears them), text trimmed. */
export function editBody(values: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of fields) {
    if (!(key in values)) continue;
    let value = values[key];
    if (typeof value === "string") value = value.trim();
    body[key] = value === undefined || value === "" ? null : value;
  }
  return body;
}
