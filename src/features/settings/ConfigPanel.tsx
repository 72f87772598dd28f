import { useCustom, useTranslate } from "@refinedev/core";
import { Alert, App, Button, Card, Flex, Form, InputNumber, Select, Skeleton, Typography } from "antd";
import { useState } from "react";
import { applyFieldErrors, errorMessage, errorStatus } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { dateTime, useFormat } from "../../components/kit/format";
import { LANGUAGES } from "../../providers/languages";
import { readCall, useRestWrite } from "./hooks";
import { inputOf, REST, type Setting } from "./model";

const rule = writeRules("/api/v2/settings", "patch");

/** The value as the person reads it: a language's own name, an amount in baht, "none". */
function useShow() {
  const t = useTranslate();
  const { money, number } = useFormat();
  return (s: Setting, value: unknown) => {
    if (value === null) return t("shipping.config.none");
    const input = inputOf(s.schema);
    if (input.kind === "choice") {
      // A choice is one of the schema's strings (the language settings' codes).
      const code = typeof value === "string" ? value : JSON.stringify(value);
      return LANGUAGES.find((l) => l.code === code)?.label ?? code;
    }
    return input.kind === "money" ? money(value as number) : number(value as number);
  };
}

/** One setting: its typed input, what it does, its default, and who changed it last; saved on its own. */
function SettingRow({ setting, onSaved }: { setting: Setting; onSaved(): void }) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ value: unknown }>();
  const { send, busy } = useRestWrite();
  const [problem, setProblem] = useState<string>();
  const show = useShow();
  const input = inputOf(setting.schema);
  const label = t(`shipping.config.keys.${setting.key}.label`, {}, setting.key);
  const value = Form.useWatch("value", form);
  const finish = async ({ value: v }: { value: unknown }) => {
    setProblem(undefined);
    try {
      await send(REST.settings, "patch", { key: setting.key, value: v ?? null, updatedAt: setting.updatedAt });
      notification.success({ message: t("shipping.config.saved", { name: label }) });
      onSaved();
    } catch (e) {
      if (errorStatus(e) === 409) {
        setProblem(t("shipping.config.changedMeanwhile"));
        onSaved();
      } else if (!applyFieldErrors(form, e, "value")) setProblem(errorMessage(e));
    }
  };
  const field =
    input.kind === "choice" ? (
      <Select
        style={{ minWidth: 200 }}
        options={input.values.map((v) => ({ value: v, label: LANGUAGES.find((l) => l.code === v)?.label ?? v }))}
      />
    ) : input.kind === "integer" ? (
      <InputNumber min={input.min} max={input.max} precision={0} style={{ width: 200 }} />
    ) : (
      <InputNumber
        min={input.min}
        max={input.max}
        precision={2}
        step={100}
        addonAfter="฿"
        style={{ width: 220 }}
        placeholder={t("shipping.config.none")}
      />
    );
  // The change requires a value; null is one where the setting's own schema takes it (a money setting's "none").
  const rules = input.kind === "money" && input.nullable ? [] : rule("value", t("shipping.validation.value"));
  return (
    <Card size="small" data-setting={setting.key}>
      <Form
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={{ value: setting.value }}
        key={setting.updatedAt ?? "default"}
      >
        <Form.Item
          name="value"
          label={<Typography.Text strong>{label}</Typography.Text>}
          rules={rules}
          extra={t(`shipping.config.keys.${setting.key}.help`, {}, setting.description)}
        >
          {field}
        </Form.Item>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("shipping.config.default", { value: show(setting, setting.default) })}
            {" · "}
            {setting.isDefault || !setting.updatedAt
              ? t("shipping.config.neverChanged")
              : t("shipping.config.changedBy", {
                  name: setting.updatedByName ?? t("shipping.config.someone"),
                  when: dateTime(setting.updatedAt),
                })}
          </Typography.Text>
          <Button type="primary" htmlType="submit" loading={busy} disabled={(value ?? null) === setting.value}>
            {t("buttons.save")}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** Config control: every typed setting with the input its type calls for. */
export function ConfigPanel() {
  const t = useTranslate();
  const { result, query } = useCustom<{ data: Setting[] }>({ ...readCall("configcontrol"), errorNotification: false });
  if (query.isLoading) return <Skeleton active />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t("shipping.config.loadFailed")}
        description={errorMessage(query.error)}
        action={<Button onClick={() => query.refetch()}>{t("shipping.config.retry")}</Button>}
      />
    );
  }
  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      <Typography.Text type="secondary">{t("shipping.config.hint")}</Typography.Text>
      {(result.data?.data ?? []).map((s) => (
        <SettingRow key={s.key} setting={s} onSaved={() => query.refetch()} />
      ))}
    </Flex>
  );
}
