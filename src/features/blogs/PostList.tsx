import { useState } from "react";
import { DeleteButton, List } from "@refinedev/antd";
import { CreateButton, EditButton, ShowButton } from "../../components/kit/buttons";
import { Link, useCustom, useTranslate } from "@refinedev/core";
import { Button, Popconfirm, Select, Space, Table, Tooltip, theme } from "antd";
import { CheckCircleOutlined, FileTextOutlined, StopOutlined } from "@ant-design/icons";
import {
  blogConfig,
  blogPaths,
  blogResource,
  type BlogKind,
  type MenuItem,
  type PostStatus,
  type PostSummary,
} from "./model";
import { PostStatusTag, PostTypeTag } from "./tags";
import { usePostActions } from "./usePostActions";
import "./blogs.css";
import { useBlogShops } from "./useBlogShops";
import { date, dateTime } from "../../components/kit/format";
import { FilterBar, SearchBox, useListTable, usePinned, useTableScroll, useNarrow } from "../../components/kit/list";

const STATUSES: PostStatus[] = ["draft", "published", "closed"];

function Cover({ url }: { url: string | null }) {
  const [broken, setBroken] = useState(false);
  const box = { width: 56, height: 40, borderRadius: 4, flex: "none" } as const;
  // A missing or unreachable cover shows the same neutral tile.
  if (!url || broken) {
    return (
      <div
        aria-hidden
        style={{
          ...box,
          display: "grid",
          placeItems: "center",
          background: "rgba(127,127,127,0.12)",
          color: "rgba(127,127,127,0.8)",
        }}
      >
        <FileTextOutlined />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      width={56}
      height={40}
      style={{ ...box, objectFit: "cover" }}
      onError={() => setBroken(true)}
    />
  );
}

export function PostList({ blog }: { blog: BlogKind }) {
  const { token } = theme.useToken();
  const t = useTranslate();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const resource = blogResource(blog);
  const paths = blogPaths(blog);
  const config = blogConfig(blog);
  // Staff on the master blog filter by nothing: a sample of posts would offer only some shops.
  const shops = useBlogShops(blog, config.shops !== "posts");
  const { toggleClosed, deleteProps } = usePostActions(blog);

  const { result: menu, query: menuQuery } = useCustom<{ items: MenuItem[] }>(config.calls.readCall("menu"));
  const typeOptions = (menu.data?.items ?? []).map((item) => ({
    value: item.code,
    label: `${t(item.title, item.code)} (${item.count})`,
  }));

  const newPostButton = (
    <CreateButton type="primary" resource={resource}>
      {t("blogs.actions.new", "New post")}
    </CreateButton>
  );
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<PostSummary>(resource, {
    numeric: ["shopId"],
    empty: (
      <>
        <div style={{ marginBottom: 12 }}>{t("blogs.messages.empty", "No posts yet")}</div>
        {newPostButton}
      </>
    ),
  });
  const applyFilter = (field: string, value: unknown) => apply({ [field]: value });

  return (
    <List title={t(config.title)} resource={resource} headerButtons={newPostButton}>
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("blogs.fields.search", "Search posts")}
          value={filters.search as string | undefined}
          onSearch={(search) => applyFilter("search", search)}
        />
        <Select
          allowClear
          aria-label={t("blogs.fields.type", "Type")}
          placeholder={t("blogs.fields.allTypes", "All types")}
          options={typeOptions}
          value={filters.type as string | undefined}
          onChange={(value?: string) => applyFilter("type", value)}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          aria-label={t("blogs.fields.status", "Status")}
          placeholder={t("blogs.fields.allStatuses", "All statuses")}
          options={STATUSES.map((s) => ({ value: s, label: t(`blogs.status.${s}`, s) }))}
          value={filters.status as string | undefined}
          onChange={(value?: string) => applyFilter("status", value)}
          style={{ width: 170 }}
        />
        {shops.length > 1 && (
          <Select
            allowClear
            aria-label={t("blogs.fields.shop", "Shop")}
            placeholder={t("blogs.fields.allShops", "All shops")}
            options={shops.map((s) => ({ value: s.id, label: s.name }))}
            value={filters.shopId as number | undefined}
            onChange={(value?: number) => applyFilter("shopId", value)}
            style={{ width: 220 }}
          />
        )}
      </FilterBar>
      <Table<PostSummary> {...tableProps} rowKey="id" scroll={scroll(1100)}>
        <Table.Column<PostSummary>
          dataIndex="title"
          title={t("blogs.fields.title", "Title")}
          render={(_, post) => (
            // On a phone the one-line description must not widen the column past the screen.
            <div style={{ display: "flex", gap: 12, alignItems: "flex-start", maxWidth: narrow ? 270 : undefined }}>
              <Cover url={post.coverUrl} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Link to={paths.show(post.id)} dir="auto">
                  {post.title}
                </Link>
                {post.description && (
                  // Not antd's ellipsis: it forces the UI direction, cutting an English line at its start under Arabic.
                  <div className="blog-post-desc" dir="auto" style={{ color: token.colorTextSecondary }}>
                    {post.description}
                  </div>
                )}
              </div>
            </div>
          )}
        />
        <Table.Column<PostSummary>
          dataIndex="type"
          title={t("blogs.fields.type", "Type")}
          width={120}
          render={(type: string) => <PostTypeTag type={type} />}
        />
        <Table.Column<PostSummary>
          dataIndex="status"
          title={t("blogs.fields.status", "Status")}
          width={110}
          render={(status: PostStatus) => <PostStatusTag status={status} />}
        />
        <Table.Column<PostSummary> dataIndex="shopName" title={t("blogs.fields.shop", "Shop")} width={170} />
        <Table.Column<PostSummary> dataIndex="authorName" title={t("blogs.fields.author", "Author")} width={160} />
        <Table.Column<PostSummary>
          dataIndex="updatedAt"
          title={t("blogs.fields.updatedAt", "Updated")}
          width={120}
          render={(value: string) => <span title={dateTime(value)}>{date(value)}</span>}
        />
        <Table.Column<PostSummary>
          key="actions"
          fixed={pinned("right")}
          width={140}
          title={t("blogs.fields.actions", "Actions")}
          render={(_, post) => {
            const closed = post.status === "closed";
            return (
              <Space size={4}>
                <Tooltip title={t("blogs.actions.view", "View")}>
                  <ShowButton
                    size="small"
                    hideText
                    resource={resource}
                    recordItemId={post.id}
                    aria-label={`${t("blogs.actions.view", "View")}: ${post.title}`}
                  />
                </Tooltip>
                <Tooltip title={t("blogs.actions.edit", "Edit")}>
                  <EditButton
                    size="small"
                    hideText
                    resource={resource}
                    recordItemId={post.id}
                    aria-label={`${t("blogs.actions.edit", "Edit")}: ${post.title}`}
                  />
                </Tooltip>
                <Popconfirm
                  title={
                    closed
                      ? t("blogs.messages.confirmReopen", "Reopen this post?")
                      : t("blogs.messages.confirmClose", "Close this post?")
                  }
                  description={closed ? undefined : t("blogs.messages.closeHint", "Readers will no longer see it.")}
                  okText={closed ? t("blogs.actions.reopen", "Reopen") : t("blogs.actions.close", "Close")}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() =>
                    toggleClosed(post.id, post.status).then(() =>
                      Promise.all([tableQuery.refetch(), menuQuery.refetch()]),
                    )
                  }
                >
                  <Tooltip title={closed ? t("blogs.actions.reopen", "Reopen") : t("blogs.actions.close", "Close")}>
                    <Button
                      size="small"
                      icon={closed ? <CheckCircleOutlined /> : <StopOutlined />}
                      aria-label={`${closed ? t("blogs.actions.reopen", "Reopen") : t("blogs.actions.close", "Close")}: ${post.title}`}
                    />
                  </Tooltip>
                </Popconfirm>
                <Tooltip title={t("blogs.actions.delete", "Delete")}>
                  <DeleteButton
                    size="small"
                    hideText
                    recordItemId={post.id}
                    {...deleteProps}
                    onSuccess={() => menuQuery.refetch()}
                    aria-label={`${t("blogs.actions.delete", "Delete")}: ${post.title}`}
                  />
                </Tooltip>
              </Space>
            );
          }}
        />
      </Table>
    </List>
  );
}
