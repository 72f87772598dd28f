import type { Answer } from "../../api";
import { useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Card, Form, List, Select, Space, Typography } from "antd";
import { BulbOutlined, SaveOutlined } from "@ant-design/icons";
import { useProductRead, useProductWrite } from "./hooks";
import { applyFieldErrors } from "../../components/kit/errors";

const TAGS_MAX = 30;
const TAG_MAX = 50;

/** Search tags and key highlights of a catalogue product. */
export default function ContentPanel({
  productId,
  keyHighlights,
  onChange,
}: {
  productId: number;
  keyHighlights: string[];
  onChange(): void;
}) {
  const t = useTranslate();
  const { run, busy } = useProductWrite();
  const { data, refetch } = useProductRead<Answer<"/api/product/gettagsearchproduct">>("gettagsearchproduct", {
    id: productId,
  });
  const [form] = Form.useForm<{ tags: string[] }>();
  // A generated draft replaces the saved highlights on screen until it is saved or the page is left.
  const [draft, setDraft] = useState<string[] | null>(null);
  const shown = draft ?? keyHighlights;

  useEffect(() => {
    if (data) form.setFieldsValue({ tags: data.data.tags });
  }, [data, form]);

  const saveTags = async ({ tags }: { tags: string[] }) => {
    try {
      await run(
        "changetagsearch",
        { id: productId, tags: tags.map((s) => s.trim()).filter(Boolean) },
        t("product.content.tagsSaved", "Search tags saved"),
      );
      await refetch();
      onChange();
    } catch (error) {
      applyFieldErrors(form, error, "tags");
    }
  };

  const generate = (save: boolean) =>
    run(
      "generatekeyhighlight",
      { id: productId, save },
      save
        ? t("product.content.highlightsSaved", "Key highlights saved")
        : t("product.content.highlightsDrafted", "Key highlights generated — check them, then save"),
    ).then((answer) => {
      setDraft(save ? null : answer.data.keyHighlights);
      if (save) onChange();
    });

  return (
    <Space direction="vertical" size="large" style={{ width: "100%", maxWidth: 960 }}>
      <Card size="small" title={t("product.content.tags", "Search tags")}>
        <Form form={form} layout="vertical" onFinish={saveTags}>
          <Form.Item
            name="tags"
            extra={t(
              "product.content.tagsHint",
              "Words shoppers type to find this product. Up to 30 tags of 50 characters.",
            )}
            rules={[
              { type: "array", max: TAGS_MAX, message: t("product.validation.tooManyTags", "At most 30 search tags") },
              {
                validator: (_, tags?: string[]) =>
                  (tags ?? []).every((tag) => tag.length <= TAG_MAX)
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(t("product.validation.tagTooLong", "A search tag has at most 50 characters")),
                      ),
              },
            ]}
          >
            <Select
              mode="tags"
              tokenSeparators={[","]}
              open={false}
              suffixIcon={null}
              aria-label={t("product.content.tags", "Search tags")}
              placeholder={t("product.content.tagsPlaceholder", "Type a tag and press Enter")}
            />
          </Form.Item>
          <Button htmlType="submit" icon={<SaveOutlined />} loading={busy}>
            {t("product.actions.save", "Save")}
          </Button>
        </Form>
      </Card>
      <Card
        size="small"
        title={t("product.content.highlights", "Key highlights")}
        extra={
          <Space>
            <Button icon={<BulbOutlined />} onClick={() => generate(false)} loading={busy}>
              {t("product.content.generate", "Generate")}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              onClick={() => generate(true)}
              disabled={draft === null}
              loading={busy}
            >
              {t("product.actions.save", "Save")}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">
          {t("product.content.highlightsHint", "Built from the brand, category, attributes, warranty and dimensions.")}
        </Typography.Paragraph>
        <List
          size="small"
          bordered
          dataSource={shown}
          locale={{ emptyText: t("product.content.noHighlights", "No key highlights yet") }}
          renderItem={(h) => <List.Item>{h}</List.Item>}
        />
      </Card>
    </Space>
  );
}
