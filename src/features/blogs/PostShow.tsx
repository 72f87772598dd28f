import { Show } from "@refinedev/antd";
import { useGo, useShow, useTranslate, type BaseKey } from "@refinedev/core";
import { Button, Descriptions, Popconfirm, Result, Space, Tag, Typography } from "antd";
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, StopOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import localizedFormat from "dayjs/plugin/localizedFormat";
import { blogPaths, blogResource, errorMessage, type BlogArea, type PostDetail } from "./model";
import { ProductIdeas } from "./ProductIdeas";
import { PostStatusTag, PostTypeTag } from "./tags";
import { usePostActions } from "./usePostActions";
import "./blog.css";

dayjs.extend(localizedFormat);

const when = (value: string | null) => (value ? dayjs(value).format("LLL") : "—");

export function PostShow({ area, id }: { area: BlogArea; id: BaseKey }) {
  const t = useTranslate();
  const go = useGo();
  const resource = blogResource(area);
  const paths = blogPaths(area);
  const { query, result: post } = useShow<PostDetail>({ resource, id });
  const { toggleClosed, deletePost, busy } = usePostActions(area);

  if (query.isError) {
    return (
      <Result
        status="404"
        title={t("blog.messages.notFound", "Post not found")}
        subTitle={errorMessage(query.error)}
        extra={<Button onClick={() => go({ to: paths.list })}>{t("blog.actions.backToList", "Back to posts")}</Button>}
      />
    );
  }

  const closed = post?.status === "closed";
  const actions = post && (
    <Space wrap>
      <Button icon={<EditOutlined />} onClick={() => go({ to: paths.edit(post.id) })}>
        {t("blog.actions.edit", "Edit")}
      </Button>
      <Popconfirm
        title={closed ? t("blog.messages.confirmReopen", "Reopen this post?") : t("blog.messages.confirmClose", "Close this post?")}
        description={closed ? undefined : t("blog.messages.closeHint", "Readers will no longer see it.")}
        okText={closed ? t("blog.actions.reopen", "Reopen") : t("blog.actions.close", "Close")}
        cancelText={t("blog.actions.cancel", "Cancel")}
        onConfirm={() => toggleClosed(post.id, post.status).then(() => query.refetch())}
      >
        <Button icon={closed ? <CheckCircleOutlined /> : <StopOutlined />} loading={busy}>
          {closed ? t("blog.actions.reopen", "Reopen") : t("blog.actions.close", "Close")}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t("blog.messages.confirmDelete", "Delete this post?")}
        description={t("blog.messages.deleteHint", "It disappears everywhere. This cannot be undone.")}
        okText={t("blog.actions.delete", "Delete")}
        okButtonProps={{ danger: true }}
        cancelText={t("blog.actions.cancel", "Cancel")}
        onConfirm={() => deletePost(post.id).then(() => go({ to: paths.list }))}
      >
        <Button danger icon={<DeleteOutlined />}>
          {t("blog.actions.delete", "Delete")}
        </Button>
      </Popconfirm>
    </Space>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Show title={t("blog.titles.show", "Post")} resource={resource} recordItemId={id} isLoading={query.isLoading} headerButtons={actions}>
        {post && (
          <article className="blog-post">
            {/* Posts are written in any language: each text block takes its own direction, whatever the UI's. */}
            <Typography.Title level={2} style={{ marginTop: 0 }} dir="auto">
              {post.title}
            </Typography.Title>
            {post.description && (
              <Typography.Paragraph type="secondary" dir="auto">
                {post.description}
              </Typography.Paragraph>
            )}
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t("blog.fields.shop", "Shop")}>{post.shopName}</Descriptions.Item>
              <Descriptions.Item label={t("blog.fields.type", "Type")}>
                <PostTypeTag type={post.type} />
              </Descriptions.Item>
              <Descriptions.Item label={t("blog.fields.status", "Status")}>
                <PostStatusTag status={post.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t("blog.fields.author", "Author")}>{post.authorName}</Descriptions.Item>
              <Descriptions.Item label={t("blog.fields.createdAt", "Created")}>{when(post.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t("blog.fields.updatedAt", "Updated")}>{when(post.updatedAt)}</Descriptions.Item>
              <Descriptions.Item label={t("blog.fields.publishedAt", "Published")}>{when(post.publishedAt)}</Descriptions.Item>
            </Descriptions>
            {post.coverUrl && (
              <img
                className="blog-post-cover"
                src={post.coverUrl}
                alt=""
                onError={(e) => {
                  e.currentTarget.hidden = true;
                }}
              />
            )}
            {/* contentHtml is sanitized by the server before it is stored. */}
            <div className="blog-post-content" dir="auto" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
            {post.tags.length > 0 && (
              <div className="blog-post-tags" aria-label={t("blog.fields.tags", "Tags")}>
                {post.tags.map((tag) => (
                  <Tag key={tag}>#{tag}</Tag>
                ))}
              </div>
            )}
          </article>
        )}
      </Show>
      {post && <ProductIdeas post={post} onChanged={() => query.refetch()} />}
    </Space>
  );
}
