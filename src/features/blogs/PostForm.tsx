import { useMemo, useState } from "react";
import { Create, Edit, useForm } from "@refinedev/antd";
import { useGo, useInvalidate, useList, useTranslate, type BaseKey, type HttpError } from "@refinedev/core";
import { Alert, Button, Col, Form, Input, Row, Select, Typography } from "antd";
import { LazyRichTextEditor } from "../../components/editor/LazyRichTextEditor";
import {
  blogPaths,
  blogResource,
  errorMessage,
  errorStatus,
  POST_TYPES,
  serverFieldErrors,
  userShops,
  type BlogArea,
  type PostDetail,
  type PostStatus,
  type ShopOption,
} from "./model";

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 500;
const TAGS_MAX = 20;
const TAG_MAX = 50;
/** Enough recent posts to offer staff the shops that have a blog; the server caps limit at 100. */
const SHOP_SAMPLE = 100;

const FIELD_NAMES = new Set(["shopId", "type", "title", "description", "coverUrl", "tags", "contentHtml", "status"]);
/** A cover is a full web address or one of this server's stored images (demo posts' covers are the latter). */
const COVER_URL = /^(https?:\/\/[^\s/$.?#][^\s]*|\/uploads\/image\/[0-9a-f]{32}\.(png|jpg|webp))$/i;

interface PostFormValues {
  shopId?: number;
  type: string;
  title: string;
  description?: string;
  coverUrl?: string;
  tags?: string[];
  contentHtml: string;
  status?: PostStatus;
}

/** Staff have no shops of their own: offer the shops that appear among the posts they can see. */
function useStaffShops(enabled: boolean): ShopOption[] {
  const { result } = useList<PostDetail>({
    resource: "blog",
    pagination: { currentPage: 1, pageSize: SHOP_SAMPLE },
    queryOptions: { enabled },
  });
  return useMemo(() => {
    const byId = new Map<number, string>();
    for (const post of result.data ?? []) byId.set(post.shopId, post.shopName);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [result.data]);
}

function payloadOf(values: PostFormValues, mode: "create" | "edit"): Record<string, unknown> {
  const description = values.description?.trim() ?? "";
  const coverUrl = values.coverUrl?.trim() ?? "";
  const payload: Record<string, unknown> = {
    type: values.type,
    title: values.title.trim(),
    contentHtml: values.contentHtml,
    tags: values.tags ?? [],
  };
  if (mode === "create") {
    payload.shopId = values.shopId;
    if (description) payload.description = description;
    if (coverUrl) payload.coverUrl = coverUrl;
  } else {
    // Editing may clear these, so they are always sent; the server stores a cleared one as null.
    payload.description = description || null;
    payload.coverUrl = coverUrl || null;
  }
  // A closed post is reopened from the list or the view, not through this form.
  if (values.status && values.status !== "closed") payload.status = values.status;
  return payload;
}

export function PostForm({ area, mode, id }: { area: BlogArea; mode: "create" | "edit"; id?: BaseKey }) {
  const t = useTranslate();
  const go = useGo();
  const invalidate = useInvalidate();
  const resource = blogResource(area);
  const paths = blogPaths(area);
  const ownShops = useMemo(() => (area === "supplier" ? userShops() : []), [area]);
  const staffShops = useStaffShops(area === "admin" && mode === "create");
  const shops = area === "supplier" ? ownShops : staffShops;
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const { form, formProps, saveButtonProps, onFinish, query, formLoading } = useForm<PostDetail, HttpError, PostFormValues>({
    resource,
    action: mode,
    id,
    redirect: false,
    warnWhenUnsavedChanges: true,
    // Refine refetches after a failed save too, which would replace what the user typed with the
    // server's newer copy on a 409; caches are refreshed after a successful save instead.
    invalidates: [],
    // The server lists errors as [{field, message}]: they are put on the fields below.
    disableServerSideValidation: true,
    successNotification: () => ({
      type: "success",
      message: mode === "create" ? t("blog.messages.created", "Post created") : t("blog.messages.saved", "Post saved"),
    }),
    errorNotification: (error) => {
      const status = errorStatus(error);
      if (status === 400 || status === 409) return false;
      return { type: "error", message: t("blog.messages.saveFailed", "The post could not be saved"), description: errorMessage(error) };
    },
    onMutationSuccess: ({ data }) => {
      invalidate({ resource, invalidates: ["list", "many", "detail"], id: (data as PostDetail).id ?? id });
      go({ to: paths.show((data as PostDetail).id ?? id ?? "") });
    },
    onMutationError: (error) => {
      const status = errorStatus(error);
      if (status === 409) {
        setConflict(errorMessage(error) ?? t("blog.messages.conflict", "Someone else changed this post."));
        return;
      }
      const fields = serverFieldErrors(error);
      const known = fields.filter((f) => FIELD_NAMES.has(f.name));
      form.setFields(known.map((f) => ({ name: f.name as keyof PostFormValues, errors: f.errors })));
      setFormError(known.length === fields.length && known.length > 0 ? null : errorMessage(error) ?? null);
    },
  });

  const post = query?.data?.data;
  const initialValues: Partial<PostFormValues> =
    mode === "create" ? { shopId: ownShops[0]?.id, type: POST_TYPES[0], status: "draft", tags: [] } : (formProps.initialValues ?? {});

  const submit = (values: PostFormValues) => {
    setFormError(null);
    setConflict(null);
    const payload = payloadOf(values, mode);
    if (mode === "edit") payload.version = post?.version;
    return onFinish(payload as unknown as PostFormValues).catch(() => undefined);
  };

  const reload = async () => {
    setConflict(null);
    await query?.refetch();
  };

  const statusOptions = [
    { value: "draft", label: t("blog.status.draft", "Draft") },
    { value: "published", label: t("blog.status.published", "Published") },
    ...(post?.status === "closed" ? [{ value: "closed", label: t("blog.status.closed", "Closed"), disabled: true }] : []),
  ];

  const fields = (
    <Form<PostFormValues> {...formProps} initialValues={initialValues} onFinish={submit} layout="vertical" style={{ maxWidth: 960 }}>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("blog.messages.conflictTitle", "This post was changed meanwhile")}
          description={conflict}
          action={
            <Button size="small" onClick={reload}>
              {t("blog.actions.reload", "Reload")}
            </Button>
          }
        />
      )}
      {formError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={formError} />}
      <Row gutter={16}>
        <Col xs={24} md={10}>
          {mode === "create" ? (
            <Form.Item
              name="shopId"
              label={t("blog.fields.shop", "Shop")}
              rules={[{ required: true, message: t("blog.messages.shopRequired", "Choose a shop") }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t("blog.fields.chooseShop", "Choose a shop")}
                options={shops.map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
          ) : (
            <Form.Item label={t("blog.fields.shop", "Shop")}>
              <Typography.Text>{post?.shopName}</Typography.Text>
            </Form.Item>
          )}
        </Col>
        <Col xs={12} md={7}>
          <Form.Item name="type" label={t("blog.fields.type", "Type")} rules={[{ required: true, message: t("blog.messages.typeRequired", "Choose a type") }]}>
            <Select options={POST_TYPES.map((code) => ({ value: code, label: t(`blog.types.${code}`, code) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={7}>
          <Form.Item name="status" label={t("blog.fields.status", "Status")} rules={[{ required: mode === "create" }]}>
            <Select options={statusOptions} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="title"
        label={t("blog.fields.title", "Title")}
        rules={[
          { required: true, whitespace: true, message: t("blog.messages.titleRequired", "Enter a title") },
          { max: TITLE_MAX, message: t("blog.messages.titleTooLong", { max: TITLE_MAX }, `At most ${TITLE_MAX} characters`) },
        ]}
      >
        <Input showCount maxLength={TITLE_MAX} dir="auto" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t("blog.fields.description", "Description")}
        rules={[{ max: DESCRIPTION_MAX, message: t("blog.messages.descriptionTooLong", { max: DESCRIPTION_MAX }, `At most ${DESCRIPTION_MAX} characters`) }]}
      >
        <Input.TextArea rows={2} showCount maxLength={DESCRIPTION_MAX} dir="auto" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="coverUrl"
            label={t("blog.fields.coverUrl", "Cover image URL")}
            rules={[{ pattern: COVER_URL, message: t("blog.messages.coverUrlInvalid", "Enter a full address starting with https://") }]}
          >
            <Input placeholder="https://" inputMode="url" dir="ltr" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="tags"
            label={t("blog.fields.tags", "Tags")}
            rules={[
              { type: "array", max: TAGS_MAX, message: t("blog.messages.tooManyTags", { max: TAGS_MAX }, `At most ${TAGS_MAX} tags`) },
              {
                validator: (_, tags?: string[]) =>
                  (tags ?? []).every((tag) => tag.length <= TAG_MAX)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("blog.messages.tagTooLong", { max: TAG_MAX }, `A tag has at most ${TAG_MAX} characters`))),
              },
            ]}
          >
            <Select mode="tags" tokenSeparators={[","]} placeholder={t("blog.fields.tagsHint", "Type a tag and press Enter")} open={false} suffixIcon={null} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="contentHtml"
        label={t("blog.fields.content", "Content")}
        rules={[{ required: true, message: t("blog.messages.contentRequired", "Write the post") }]}
      >
        <LazyRichTextEditor />
      </Form.Item>
    </Form>
  );

  if (mode === "create") {
    return (
      <Create title={t("blog.titles.create", "New post")} resource={resource} saveButtonProps={{ ...saveButtonProps, children: t("blog.actions.save", "Save") }}>
        {fields}
      </Create>
    );
  }
  return (
    <Edit
      title={t("blog.titles.edit", "Edit post")}
      resource={resource}
      recordItemId={id}
      isLoading={formLoading}
      saveButtonProps={{ ...saveButtonProps, children: t("blog.actions.save", "Save") }}
      headerButtons={() => null}
      deleteButtonProps={{ hidden: true }}
    >
      {fields}
    </Edit>
  );
}
