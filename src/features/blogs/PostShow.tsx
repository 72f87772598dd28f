import { DeleteButton, Show } from "@refinedev/antd";
import { EditButton } from "../../components/kit/buttons";
import { useGo, useShow, useTranslate, type BaseKey } from "@refinedev/core";
import { Button, Descriptions, Popconfirm, Space, Tag, Typography } from "antd";
import { CheckCircleOutlined, StopOutlined } from "@ant-design/icons";
import { blogPaths, blogResource, type BlogKind, type LinkedProduct, type PostDetail } from "./model";
import { PostStatusTag, PostTypeTag } from "./tags";
import { usePostActions } from "./usePostActions";
import "./blogs.css";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { dateTime, useFormat } from "../../components/kit/format";
import { BackLink } from "../../components/kit/direction";
import { Thumb } from "../../components/kit/Thumb";

/** The post's product ideas as its readers see them, in the writer's order. */
function ProductIdeaList({ products }: { products: LinkedProduct[] }) {
  const t = useTranslate();
  const { money } = useFormat();
  return (
    <section className="blog-post-products">
      <Typography.Title level={4}>{t("blogs.titles.products", "Product ideas")}</Typography.Title>
      <ol>
        {products.map((p) => (
          <li key={p.id}>
            <Thumb url={p.imageUrl} size={64} />
            <div>
              <bdi className="blog-post-product-name">{p.name}</bdi>
              <Typography.Text strong>{money(p.price)}</Typography.Text>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A post as its readers see it, with the writer's actions in the header. */
export function PostShow({ blog, id }: { blog: BlogKind; id: BaseKey }) {
  const t = useTranslate();
  const go = useGo();
  const resource = blogResource(blog);
  const paths = blogPaths(blog);
  const { query, result: post } = useShow<PostDetail>({ resource, id });
  const { toggleClosed, deleteProps, busy } = usePostActions(blog);

  if (query.isError) return <RecordFailure query={query} backTo={paths.list} />;

  const closed = post?.status === "closed";
  const actions = post && (
    <Space wrap>
      <EditButton resource={resource} recordItemId={post.id}>
        {t("blogs.actions.edit", "Edit")}
      </EditButton>
      <Popconfirm
        title={
          closed
            ? t("blogs.messages.confirmReopen", "Reopen this post?")
            : t("blogs.messages.confirmClose", "Close this post?")
        }
        description={closed ? undefined : t("blogs.messages.closeHint", "Readers will no longer see it.")}
        okText={closed ? t("blogs.actions.reopen", "Reopen") : t("blogs.actions.close", "Close")}
        cancelText={t("buttons.cancel")}
        onConfirm={() => toggleClosed(post.id, post.status).then(() => query.refetch())}
      >
        <Button icon={closed ? <CheckCircleOutlined /> : <StopOutlined />} loading={busy}>
          {closed ? t("blogs.actions.reopen", "Reopen") : t("blogs.actions.close", "Close")}
        </Button>
      </Popconfirm>
      <DeleteButton recordItemId={post.id} {...deleteProps} onSuccess={() => go({ to: paths.list })}>
        {t("blogs.actions.delete", "Delete")}
      </DeleteButton>
    </Space>
  );

  return (
    <Show
      title={t("blogs.titles.show", "Post")}
      resource={resource}
      goBack={<BackLink to={paths.list} label={t("buttons.backToList")} />}
      recordItemId={id}
      isLoading={query.isLoading}
      headerButtons={actions}
    >
      {post && (
        <article className="blog-post">
          {/* Posts are written in any language: each text takes its own direction, whatever the UI's (antd's
              right-to-left typography would override a dir attribute on its own element, so the text is isolated). */}
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            <bdi>{post.title}</bdi>
          </Typography.Title>
          {post.description && (
            <Typography.Paragraph type="secondary">
              <bdi>{post.description}</bdi>
            </Typography.Paragraph>
          )}
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t("blogs.fields.shop", "Shop")}>{post.shopName}</Descriptions.Item>
            <Descriptions.Item label={t("blogs.fields.type", "Type")}>
              <PostTypeTag type={post.type} />
            </Descriptions.Item>
            <Descriptions.Item label={t("blogs.fields.status", "Status")}>
              <PostStatusTag status={post.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t("blogs.fields.author", "Author")}>{post.authorName}</Descriptions.Item>
            <Descriptions.Item label={t("blogs.fields.createdAt", "Created")}>
              {dateTime(post.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t("blogs.fields.updatedAt", "Updated")}>
              {dateTime(post.updatedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t("blogs.fields.publishedAt", "Published")}>
              {dateTime(post.publishedAt)}
            </Descriptions.Item>
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
          {post.products.length > 0 && <ProductIdeaList products={post.products} />}
          {post.tags.length > 0 && (
            <div className="blog-post-tags" aria-label={t("blogs.fields.tags", "Tags")}>
              {post.tags.map((tag) => (
                <Tag key={tag}>#{tag}</Tag>
              ))}
            </div>
          )}
        </article>
      )}
    </Show>
  );
}
