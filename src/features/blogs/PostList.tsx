import { useEffect, useMemo, useState } from "react";
import { List, useTable } from "@refinedev/antd";
import { Link, useCustom, useGo, useTranslate, type CrudFilter } from "@refinedev/core";
import { Button, Empty, Input, Popconfirm, Select, Space, Table, Tooltip, theme } from "antd";
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, EyeOutlined, FileTextOutlined, PlusOutlined, StopOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import localizedFormat from "dayjs/plugin/localizedFormat";
import { blogPaths, blogResource, readCall, userShops, type BlogArea, type PostStatus, type PostSummary } from "./model";
import { PostStatusTag, PostTypeTag } from "./tags";
import { usePostActions } from "./usePostActions";
import "./blog.css";

dayjs.extend(localizedFormat);

const SEARCH_DELAY_MS = 400;
const STATUSES: PostStatus[] = ["draft", "published", "closed"];

interface MenuItem {
  code: string;
  title: string;
  count: number;
}

function Cover({ url }: { url: string | null }) {
  const [broken, setBroken] = useState(false);
  const box = { width: 56, height: 40, borderRadius: 4, flex: "none" } as const;
  // A missing or unreachable cover shows the same neutral tile.
  if (!url || broken) {
    return (
      <div aria-hidden style={{ ...box, display: "grid", placeItems: "center", background: "rgba(127,127,127,0.12)", color: "rgba(127,127,127,0.8)" }}>
        <FileTextOutlined />
      </div>
    );
  }
  return <img src={url} alt="" loading="lazy" width={56} height={40} style={{ ...box, objectFit: "cover" }} onError={() => setBroken(true)} />;
}

export function PostList({ area }: { area: BlogArea }) {
  const { token } = theme.useToken();
  const t = useTranslate();
  const go = useGo();
  const resource = blogResource(area);
  const paths = blogPaths(area);
  const shops = useMemo(() => (area === "supplier" ? userShops() : []), [area]);
  const { toggleClosed, deletePost } = usePostActions(area);

  const { tableProps, setFilters, setCurrentPage, tableQuery } = useTable<PostSummary>({
    resource,
    pagination: { pageSize: 10 },
    sorters: { mode: "off" },
    syncWithLocation: false,
  });

  const { result: menu, query: menuQuery } = useCustom<{ items: MenuItem[] }>(readCall("menu"));
  const typeOptions = (menu.data?.items ?? []).map((item) => ({
    value: item.code,
    label: `${t(item.title, item.code)} (${item.count})`,
  }));

  const [search, setSearch] = useState("");
  const [searchApplied, setSearchApplied] = useState("");
  const applyFilter = (field: string, value: unknown) => {
    setFilters([{ field, operator: "eq", value: value === "" ? undefined : value } as CrudFilter], "merge");
    setCurrentPage(1);
  };

  useEffect(() => {
    const next = search.trim();
    if (next === searchApplied) return;
    const timer = setTimeout(() => {
      setSearchApplied(next);
      applyFilter("search", next);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only the typed text drives this effect; applyFilter is a fresh closure every render.
  }, [search, searchApplied]);

  const newPostButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => go({ to: paths.create })}>
      {t("blog.actions.new", "New post")}
    </Button>
  );

  return (
    <List title={t("blog.titles.list", "Blog posts")} resource={resource} headerButtons={newPostButton}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t("blog.fields.search", "Search posts")}
          placeholder={t("blog.fields.search", "Search posts")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => {
            setSearch(value);
            setSearchApplied(value.trim());
            applyFilter("search", value.trim());
          }}
          style={{ width: 260 }}
        />
        <Select
          allowClear
          aria-label={t("blog.fields.type", "Type")}
          placeholder={t("blog.fields.allTypes", "All types")}
          options={typeOptions}
          onChange={(value?: string) => applyFilter("type", value)}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          aria-label={t("blog.fields.status", "Status")}
          placeholder={t("blog.fields.allStatuses", "All statuses")}
          options={STATUSES.map((s) => ({ value: s, label: t(`blog.status.${s}`, s) }))}
          onChange={(value?: string) => applyFilter("status", value)}
          style={{ width: 170 }}
        />
        {shops.length > 1 && (
          <Select
            allowClear
            aria-label={t("blog.fields.shop", "Shop")}
            placeholder={t("blog.fields.allShops", "All shops")}
            options={shops.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(value?: number) => applyFilter("shopId", value)}
            style={{ width: 220 }}
          />
        )}
      </Space>
      <Table<PostSummary>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1100 }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        locale={{
          emptyText: tableQuery.isLoading ? " " : (
            <Empty description={t("blog.messages.empty", "No posts yet")}>{newPostButton}</Empty>
          ),
        }}
      >
        <Table.Column<PostSummary>
          dataIndex="title"
          title={t("blog.fields.title", "Title")}
          render={(_, post) => (
            <div style={{ display: "flex", gap: 12, alignItems: "flex-start" }}>
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
          title={t("blog.fields.type", "Type")}
          width={120}
          render={(type: string) => <PostTypeTag type={type} />}
        />
        <Table.Column<PostSummary>
          dataIndex="status"
          title={t("blog.fields.status", "Status")}
          width={110}
          render={(status: PostStatus) => <PostStatusTag status={status} />}
        />
        <Table.Column<PostSummary> dataIndex="shopName" title={t("blog.fields.shop", "Shop")} width={170} />
        <Table.Column<PostSummary> dataIndex="authorName" title={t("blog.fields.author", "Author")} width={160} />
        <Table.Column<PostSummary>
          dataIndex="updatedAt"
          title={t("blog.fields.updatedAt", "Updated")}
          width={120}
          render={(value: string) => <span title={dayjs(value).format("LLL")}>{dayjs(value).format("ll")}</span>}
        />
        <Table.Column<PostSummary>
          key="actions"
          fixed="right"
          width={140}
          title={t("blog.fields.actions", "Actions")}
          render={(_, post) => {
            const closed = post.status === "closed";
            return (
              <Space size={4}>
                <Tooltip title={t("blog.actions.view", "View")}>
                  <Button
                    size="small"
                    icon={<EyeOutlined />}
                    aria-label={`${t("blog.actions.view", "View")}: ${post.title}`}
                    onClick={() => go({ to: paths.show(post.id) })}
                  />
                </Tooltip>
                <Tooltip title={t("blog.actions.edit", "Edit")}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t("blog.actions.edit", "Edit")}: ${post.title}`}
                    onClick={() => go({ to: paths.edit(post.id) })}
                  />
                </Tooltip>
                <Popconfirm
                  title={closed ? t("blog.messages.confirmReopen", "Reopen this post?") : t("blog.messages.confirmClose", "Close this post?")}
                  description={closed ? undefined : t("blog.messages.closeHint", "Readers will no longer see it.")}
                  okText={closed ? t("blog.actions.reopen", "Reopen") : t("blog.actions.close", "Close")}
                  cancelText={t("blog.actions.cancel", "Cancel")}
                  onConfirm={() => toggleClosed(post.id, post.status).then(() => Promise.all([tableQuery.refetch(), menuQuery.refetch()]))}
                >
                  <Tooltip title={closed ? t("blog.actions.reopen", "Reopen") : t("blog.actions.close", "Close")}>
                    <Button
                      size="small"
                      icon={closed ? <CheckCircleOutlined /> : <StopOutlined />}
                      aria-label={`${closed ? t("blog.actions.reopen", "Reopen") : t("blog.actions.close", "Close")}: ${post.title}`}
                    />
                  </Tooltip>
                </Popconfirm>
                <Popconfirm
                  title={t("blog.messages.confirmDelete", "Delete this post?")}
                  description={t("blog.messages.deleteHint", "It disappears everywhere. This cannot be undone.")}
                  okText={t("blog.actions.delete", "Delete")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("blog.actions.cancel", "Cancel")}
                  onConfirm={() => deletePost(post.id).then(() => menuQuery.refetch())}
                >
                  <Tooltip title={t("blog.actions.delete", "Delete")}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t("blog.actions.delete", "Delete")}: ${post.title}`} />
                  </Tooltip>
                </Popconfirm>
              </Space>
            );
          }}
        />
      </Table>
    </List>
  );
}
