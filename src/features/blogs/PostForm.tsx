import { useEffect, useState } from "react";
import { Create, Edit, useForm } from "@refinedev/antd";
import { useGo, useInvalidate, useTranslate, type BaseKey, type HttpError } from "@refinedev/core";
import { Alert, Button, Col, Form, Input, Row, Select, Typography } from "antd";
import { LazyRichTextEditor } from "../../components/editor/LazyRichTextEditor";
import {
  blogPaths,
  blogResource,
  POST_TYPES,
  type BlogKind,
  type NewPost,
  type PostDetail,
  type PostEdit,
  type PostStatus,
} from "./model";
import { useBlogShops } from "./useBlogShops";
import { useProductIdeas } from "./useProductIdeas";
import { ProductIdeas } from "./ProductIdeas";
import { errorMessage, errorStatus, hasFieldErrors } from "../../components/kit/errors";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { formOnlyRequired, writeRules } from "../../components/kit/rules";
import { BackLink } from "../../components/kit/direction";

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 500;
const TAGS_MAX = 20;
const TAG_MAX = 50;

/** Each blog's create and edit writes, whose schemas mark the form's fields. */
const WRITES = {
  master: { create: writeRules("/api/blogs/master/new"), edit: writeRules("/api/blogs/master/edit") },
  housebrand: {
    create: writeRules("/api/blogs/housebrand/newpost"),
    edit: writeRules("/api/blogs/housebrand/postedit"),
  },
};

/** A cover is an https address or one of this server's stored images (demo posts' covers are the latter); the server refuses the rest. */
const COVER_URL = /^(https:\/\/[^\s/$.?#][^\s]*|\/uploads\/image\/[0-9a-f]{32}\.(png|jpg|webp))$/i;

/** The form's fields: the create body's, with the text fields as typed (trimmed and nulled on the way out). */
interface PostFormValues
  extends Pick<NewPost, "type" | "title" | "contentHtml">, Partial<Pick<NewPost, "shopId" | "tags">> {
  description?: string;
  coverUrl?: string;
  status?: PostStatus;
}

/** What the save sends: the create body, or the edit body without the id (the endpoint map adds it). */
function payloadOf(
  values: PostFormValues,
  mode: "create" | "edit",
  version: number | undefined,
): NewPost | Omit<PostEdit, "id"> {
  const description = values.description?.trim() ?? "";
  const coverUrl = values.coverUrl?.trim() ?? "";
  const common = {
    type: values.type,
    title: values.title.trim(),
    contentHtml: values.contentHtml,
    tags: values.tags ?? [],
  };
  // A closed post is reopened from the list or the view, not through this form.
  const status = values.status && values.status !== "closed" ? values.status : undefined;
  if (mode === "create") {
    // shopId and status are required fields of the create form.
    return {
      ...common,
      shopId: values.shopId!,
      status: status!,
      ...(description && { description }),
      ...(coverUrl && { coverUrl }),
    };
  }
  // Editing may clear these, so they are always sent; the server stores a cleared one as null.
  return {
    ...common,
    version: version!,
    description: description || null,
    coverUrl: coverUrl || null,
    ...(status && { status }),
  };
}

export function PostForm({ blog, mode, id }: { blog: BlogKind; mode: "create" | "edit"; id?: BaseKey }) {
  const t = useTranslate();
  const go = useGo();
  const invalidate = useInvalidate();
  const resource = blogResource(blog);
  const paths = blogPaths(blog);
  const writes = WRITES[blog === "housebrand" ? "housebrand" : "master"];
  const rule = writes[mode];
  const shops = useBlogShops(blog, mode === "create");
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const { form, formProps, saveButtonProps, onFinish, query, formLoading } = useForm<
    PostDetail,
    HttpError,
    PostFormValues
  >({
    resource,
    action: mode,
    id,
    redirect: false,
    warnWhenUnsavedChanges: true,
    // Refine refetches after a failed save too, which would replace what the user typed with the
    // server's newer copy on a 409; caches are refreshed after a successful save instead.
    invalidates: [],
    successNotification: () => ({
      type: "success",
      message:
        mode === "create" ? t("blogs.messages.created", "Post created") : t("blogs.messages.saved", "Post saved"),
    }),
    errorNotification: (error) => {
      const status = errorStatus(error);
      if (status === 400 || status === 409) return false;
      return {
        type: "error",
        message: t("blogs.messages.saveFailed", "The post could not be saved"),
        description: errorMessage(error),
      };
    },
    onMutationSuccess: ({ data }) => {
      const postId = data.id ?? id ?? "";
      // A new post's product ideas are saved once it exists; if that fails, its edit page lets them be picked again.
      const ideasSaved = mode === "create" ? ideas.saveAfterCreate(Number(postId)) : Promise.resolve(true);
      void ideasSaved.then((saved) => {
        void invalidate({ resource, invalidates: ["list", "many", "detail"], id: postId });
        go({ to: saved ? paths.show(postId) : paths.edit(postId) });
      });
    },
    onMutationError: (error) => {
      const status = errorStatus(error);
      if (status === 409) {
        setConflict(errorMessage(error) ?? t("blogs.messages.conflict", "Someone else changed this post."));
        return;
      }
      // Refine has put the field errors on the fields; anything else is said above the form.
      setFormError(hasFieldErrors(form, error) ? null : errorMessage(error));
    },
  });

  const post = query?.data?.data;
  const ideas = useProductIdeas(blog, post);
  const chosenShop = Form.useWatch("shopId", form);
  const initialValues: Partial<PostFormValues> =
    mode === "create"
      ? { shopId: shops[0]?.id, type: POST_TYPES[0], status: "draft", tags: [] }
      : (formProps.initialValues ?? {});
  // Shops read from the server arrive after the form: a sole one (the house brand) is chosen for the writer.
  const soleShop = shops.length === 1 ? shops[0].id : undefined;
  useEffect(() => {
    if (mode === "create" && soleShop !== undefined && form.getFieldValue("shopId") === undefined)
      form.setFieldValue("shopId", soleShop);
  }, [mode, soleShop, form]);

  const submit = (values: PostFormValues) => {
    setFormError(null);
    setConflict(null);
    const payload = payloadOf(values, mode, post?.version);
    return onFinish(payload as unknown as PostFormValues).catch(() => undefined);
  };

  const reload = async () => {
    setConflict(null);
    await query?.refetch();
  };

  const statusOptions = [
    { value: "draft", label: t("blogs.status.draft", "Draft") },
    { value: "published", label: t("blogs.status.published", "Published") },
    ...(post?.status === "closed"
      ? [{ value: "closed", label: t("blogs.status.closed", "Closed"), disabled: true }]
      : []),
  ];

  const fields = (
    <Form<PostFormValues>
      {...formProps}
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={(changed: Partial<PostFormValues>) => {
        if ("shopId" in changed) ideas.clear();
      }}
      layout="vertical"
      style={{ maxWidth: 960 }}
    >
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("blogs.messages.conflictTitle", "This post was changed meanwhile")}
          description={conflict}
          action={
            <Button size="small" onClick={reload}>
              {t("blogs.actions.reload", "Reload")}
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
              label={t("blogs.fields.shop", "Shop")}
              rules={writes.create("shopId", t("blogs.messages.shopRequired", "Choose a shop"))}
            >
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t("blogs.fields.chooseShop", "Choose a shop")}
                options={shops.map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
          ) : (
            <Form.Item label={t("blogs.fields.shop", "Shop")}>
              <Typography.Text>{post?.shopName}</Typography.Text>
            </Form.Item>
          )}
        </Col>
        <Col xs={12} md={7}>
          <Form.Item
            name="type"
            label={t("blogs.fields.type", "Type")}
            rules={rule("type", t("blogs.messages.typeRequired", "Choose a type"))}
          >
            <Select options={POST_TYPES.map((code) => ({ value: code, label: t(`blogs.types.${code}`, code) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={7}>
          <Form.Item name="status" label={t("blogs.fields.status", "Status")} rules={rule("status")}>
            <Select options={statusOptions} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="title"
        label={t("blogs.fields.title", "Title")}
        rules={rule("title", t("blogs.messages.titleRequired", "Enter a title"), [
          {
            max: TITLE_MAX,
            message: t("blogs.messages.titleTooLong", { max: TITLE_MAX }, `At most ${TITLE_MAX} characters`),
          },
        ])}
      >
        <Input showCount maxLength={TITLE_MAX} dir="auto" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t("blogs.fields.description", "Description")}
        rules={[
          {
            max: DESCRIPTION_MAX,
            message: t(
              "blogs.messages.descriptionTooLong",
              { max: DESCRIPTION_MAX },
              `At most ${DESCRIPTION_MAX} characters`,
            ),
          },
        ]}
      >
        <Input.TextArea rows={2} showCount maxLength={DESCRIPTION_MAX} dir="auto" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="coverUrl"
            label={t("blogs.fields.coverUrl", "Cover image URL")}
            rules={[
              {
                pattern: COVER_URL,
                message: t("blogs.messages.coverUrlInvalid", "Enter a full address starting with https://"),
              },
            ]}
          >
            <Input placeholder="https://" inputMode="url" dir="ltr" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="tags"
            label={t("blogs.fields.tags", "Tags")}
            rules={[
              {
                type: "array",
                max: TAGS_MAX,
                message: t("blogs.messages.tooManyTags", { max: TAGS_MAX }, `At most ${TAGS_MAX} tags`),
              },
              {
                validator: (_, tags?: string[]) =>
                  (tags ?? []).every((tag) => tag.length <= TAG_MAX)
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(
                          t("blogs.messages.tagTooLong", { max: TAG_MAX }, `A tag has at most ${TAG_MAX} characters`),
                        ),
                      ),
              },
            ]}
          >
            <Select
              mode="tags"
              tokenSeparators={[","]}
              placeholder={t("blogs.fields.tagsHint", "Type a tag and press Enter")}
              open={false}
              suffixIcon={null}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="contentHtml"
        label={t("blogs.fields.content", "Content")}
        rules={
          mode === "create"
            ? writes.create("contentHtml", t("blogs.messages.contentRequired", "Write the post"))
            : // An edit takes empty content, which a new post may not have: the form keeps a post from losing its words.
              [formOnlyRequired(t("blogs.messages.contentRequired", "Write the post"))]
        }
      >
        <LazyRichTextEditor />
      </Form.Item>
      <ProductIdeas
        blog={blog}
        shopId={mode === "create" ? chosenShop : post?.shopId}
        products={ideas.products}
        busy={ideas.busy}
        onAdd={ideas.add}
        onReorder={ideas.reorder}
        onRemove={ideas.remove}
      />
    </Form>
  );

  if (mode === "create") {
    return (
      <Create
        title={t("blogs.titles.create", "New post")}
        resource={resource}
        goBack={<BackLink to={paths.list} label={t("buttons.backToList")} />}
        saveButtonProps={{ ...saveButtonProps, children: t("blogs.actions.save", "Save") }}
      >
        {fields}
      </Create>
    );
  }
  if (query?.isError) return <RecordFailure query={query} backTo={paths.list} />;
  return (
    <Edit
      title={t("blogs.titles.edit", "Edit post")}
      goBack={<BackLink to={paths.show(id ?? "")} label={t("blogs.actions.backToPost", "Back to the post")} />}
      resource={resource}
      recordItemId={id}
      isLoading={formLoading}
      saveButtonProps={{ ...saveButtonProps, children: t("blogs.actions.save", "Save") }}
      headerButtons={() => null}
      deleteButtonProps={{ hidden: true }}
    >
      {fields}
    </Edit>
  );
}
