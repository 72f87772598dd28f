import { Create, Edit, useForm, useSelect } from "@refinedev/antd";
import { useCan, useDelete, useGo, useOne, type BaseRecord } from "@refinedev/core";
import { Button, DatePicker, Form, Input, InputNumber, Select, Skeleton, Switch, type FormRule } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import dayjs, { type Dayjs } from "dayjs";
import { BackLink } from "../direction";
import { RecordFailure } from "../RecordFailure";
import { errorMessage } from "../errors";
import { screenPath } from "../../../resources/calls";
import type { FieldSchema } from "../../../api/resource-doc";
import { formFields, generatedOf, isNullable, recordName, useWords, type Generated, type Kind } from "./model";
import type { Overrides } from "./overrides";
import { ON_REST } from "../../../providers/rest";
import { DeleteConfirm } from "./DeleteConfirm";
import { ImageField } from "../images";

/** A searchable select of the rows of the resource a field points to (Refine's `useSelect`, by name). */
function RefSelect({ resource, ...props }: { resource: string; value?: never; onChange?: never }) {
  const { selectProps } = useSelect({
    resource,
    ...ON_REST,
    optionLabel: "name" as never,
    optionValue: "id" as never,
    onSearch: (value) => [{ field: "name", operator: "contains", value }],
  });
  return <Select {...selectProps} {...props} allowClear showSearch />;
}

/** The input of a field, from its schema. */
function FieldInput({
  g,
  kind,
  schema,
  field,
  ...control
}: {
  g: Generated;
  kind: Kind;
  schema: FieldSchema;
  field: string;
  value?: never;
  onChange?: never;
}) {
  const w = useWords(g);
  switch (kind) {
    case "boolean":
      return <Switch {...control} />;
    case "enum":
    case "enumList": {
      const values = (kind === "enum" ? schema.enum : schema.items?.enum) ?? [];
      return (
        <Select
          {...control}
          mode={kind === "enumList" ? "multiple" : undefined}
          allowClear={kind === "enumList" || isNullable(schema)}
          optionFilterProp="label"
          options={values.filter((v) => v !== null).map((v) => ({ value: v, label: w.value(field, v) }))}
        />
      );
    }
    case "textList":
      // Typed words, each ended with Enter or a comma; nothing to choose from.
      return <Select {...control} mode="tags" tokenSeparators={[","]} open={false} suffixIcon={null} />;
    case "money":
    case "number":
    case "integer": {
      const min = typeof schema.minimum === "number" ? schema.minimum : undefined;
      const exclusive = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === "number";
      return (
        <InputNumber
          {...control}
          style={{ width: 200, maxWidth: "100%" }}
          min={exclusive ? (kind === "integer" ? (min ?? 0) + 1 : (min ?? 0) + 0.01) : min}
          max={schema.maximum}
          precision={kind === "money" ? 2 : kind === "integer" ? 0 : undefined}
          step={kind === "money" ? 0.01 : 1}
        />
      );
    }
    case "date":
    case "dateTime":
      return <DatePicker {...control} showTime={kind === "dateTime"} />;
    case "ref":
      return <RefSelect {...control} resource={g.doc.refs[field]} />;
    case "image":
      return <ImageField {...control} label={w.field(field)} optional={isNullable(schema)} />;
    case "longText":
      return <Input.TextArea {...control} rows={4} maxLength={schema.maxLength} showCount />;
    default:
      return <Input {...control} maxLength={schema.maxLength} type={schema.format === "email" ? "email" : undefined} />;
  }
}

/** What antd checks before sending, from the schema; the server checks the same and its field errors land on the fields. */
function rulesOf(kind: Kind, schema: FieldSchema, required: boolean): FormRule[] {
  const rules: FormRule[] = [];
  if (kind === "enumList" || kind === "textList") {
    const min = Math.max(schema.minItems ?? 0, required ? 1 : 0);
    if (min) rules.push({ required: true, type: "array", min });
    if (schema.maxItems !== undefined) rules.push({ type: "array", max: schema.maxItems });
    return rules;
  }
  const text = kind === "text" || kind === "longText";
  // Every field of the form is sent: a text that may not be blank is required on a change too.
  if (required || (text && (schema.minLength ?? 0) >= 1))
    rules.push(text ? { required: true, whitespace: true } : { required: true });
  if (text) {
    if (schema.minLength && schema.minLength > 1) rules.push({ min: schema.minLength });
    if (schema.maxLength) rules.push({ max: schema.maxLength });
    if (schema.pattern) rules.push({ pattern: new RegExp(schema.pattern) });
    if (schema.format === "email") rules.push({ type: "email" });
    if (schema.format === "uri") rules.push({ type: "url" });
  }
  return rules;
}

/**
 * A generated screen's form, new or existing: a field per writable field of the resource (required,
 * lengths, limits, states as selects, yes/no as switches, references as searchable selects), Refine's
 * `useForm` over the `rest` provider (server field errors on their fields); a missing id is the not-found page.
 */
export function GeneratedForm({ screen, id, overrides = {} }: { screen: string; id?: string; overrides?: Overrides }) {
  const g = generatedOf(screen);
  const { t } = useTranslation();
  const w = useWords(g);
  const go = useGo();
  const action = id === undefined ? "create" : "edit";
  const fields = formFields(g, action);
  const shown = new Set(fields.filter((f) => !f.hidden).map((f) => f.name));
  const listPath = screenPath(screen, "list");
  const after = (saved?: BaseRecord) =>
    go({ to: g.screen.routes.show && saved?.id ? screenPath(screen, "show", saved.id) : listPath });
  // Read first without a toast: Refine's form would announce a missing record's 404 beside the not-found page.
  const { query: record } = useOne({
    resource: g.resource,
    id,
    ...ON_REST,
    errorNotification: false,
    queryOptions: { enabled: action === "edit" },
  });
  const { formProps, saveButtonProps, query } = useForm({
    resource: g.resource,
    action,
    id,
    ...ON_REST,
    // The form takes that read as its own instead of reading the record again.
    queryOptions: { enabled: record.isSuccess, initialData: record.data, staleTime: Infinity },
    redirect: false,
    // A failure naming a field the form shows lands on it; any other (a conflict, a stale version, a refusal) is a toast.
    errorNotification: (error) =>
      Object.keys((error as { errors?: object } | undefined)?.errors ?? {}).some((f) => shown.has(f))
        ? false
        : { type: "error", message: t("kit.generated.failed"), description: errorMessage(error) },
    successNotification: () => ({
      type: "success",
      message: t(action === "create" ? "kit.generated.created" : "kit.generated.saved"),
    }),
    onMutationSuccess: (data) => after(data.data),
  });
  const { data: deletable } = useCan({ resource: screen, action: "delete" });
  const { mutate: remove, mutation: removing } = useDelete();
  if (action === "edit" && record.isError) return <RecordFailure query={record} backTo={listPath} />;
  if (action === "edit" && query?.isError) return <RecordFailure query={query} backTo={listPath} />;
  if (action === "edit" && !query?.data) return <Skeleton active />;
  const Frame = action === "edit" ? Edit : Create;
  const isDate = (k: Kind) => k === "date" || k === "dateTime";
  return (
    <Frame
      resource={screen}
      title={t(action === "edit" ? "kit.generated.editTitle" : "kit.generated.createTitle", {
        screen: (action === "edit" && recordName(record.data?.data, overrides)) || t(g.screen.label),
      })}
      goBack={<BackLink to={listPath} label={t("buttons.backToList")} />}
      saveButtonProps={saveButtonProps}
      headerButtons={() =>
        action === "edit" && deletable?.can && g.doc.verbs.includes("delete") ? (
          <DeleteConfirm
            title={t("kit.generated.confirmDelete")}
            onConfirm={() =>
              remove(
                {
                  resource: g.resource,
                  id: id!,
                  ...ON_REST,
                  successNotification: () => ({ type: "success", message: t("kit.generated.deleted") }),
                },
                { onSuccess: () => go({ to: listPath }) },
              )
            }
          >
            <Button danger icon={<DeleteOutlined />} loading={removing.isPending}>
              {t("buttons.delete")}
            </Button>
          </DeleteConfirm>
        ) : null
      }
    >
      <Form {...formProps} layout="vertical" style={{ maxWidth: 640 }}>
        {fields.map(({ name, schema, kind, required, hidden }) => {
          // A token goes back as it was read.
          if (hidden) return <Form.Item key={name} name={name} hidden noStyle />;
          // An overridden input takes the value as the server gives it.
          const Own = overrides.inputs?.[name];
          const date = !Own && isDate(kind);
          return (
            <Form.Item
              key={name}
              name={name}
              label={w.field(name)}
              rules={[...rulesOf(kind, schema, required), ...(overrides.rules?.[name] ?? [])]}
              valuePropName={kind === "boolean" && !Own ? "checked" : "value"}
              getValueProps={date ? (v: string | null) => ({ value: v ? dayjs(v) : undefined }) : undefined}
              normalize={
                date
                  ? (d: Dayjs | null) => (d ? (kind === "date" ? d.format("YYYY-MM-DD") : d.toISOString()) : null)
                  : undefined
              }
            >
              {Own ? <Own /> : <FieldInput g={g} kind={kind} schema={schema} field={name} />}
            </Form.Item>
          );
        })}
      </Form>
    </Frame>
  );
}
