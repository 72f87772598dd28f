import { CopyOutlined, SearchOutlined } from "@ant-design/icons";
import { App, Button, Card, Flex, Input, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { resourceKey, routeTable, type RouteEntry } from "../../resources";
import { useTableScroll } from "../../components/kit/list";
import { ScreenTitle } from "../../components/kit/ScreenTitle";

/** Long endpoint lists show their first few; the rest open on demand. */
const ENDPOINTS_SHOWN = 3;

function Endpoints({ list }: { list: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = open ? list : list.slice(0, ENDPOINTS_SHOWN);
  return (
    <Space direction="vertical" size={0}>
      {shown.map((e) => (
        <Typography.Text key={e} code style={{ fontSize: 12 }}>
          {e}
        </Typography.Text>
      ))}
      {list.length > ENDPOINTS_SHOWN && (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(!open)}>
          {open ? t("routes.fewer") : t("routes.more", { count: list.length - ENDPOINTS_SHOWN })}
        </Button>
      )}
    </Space>
  );
}

/** Spec §9: this screen's own toasts, apart from the main app's. */
export const TOASTS = { maxCount: 3, duration: 5, placement: "bottomLeft" } as const;

/** Developer view of the route table, generated from the resource registry. */
export default function RouteTablePage() {
  return (
    <App notification={TOASTS} component={false}>
      <RouteTable />
    </App>
  );
}

function RouteTable() {
  const { t } = useTranslation();
  const scroll = useTableScroll();
  const { notification } = App.useApp();
  const copy = (path: string) =>
    navigator.clipboard
      .writeText(path)
      .then(() => notification.success({ key: `copy:${path}`, message: t("routes.copied"), description: path }))
      .catch(() => notification.error({ key: `copy:${path}`, message: t("routes.copyFailed"), description: path }));
  const [search, setSearch] = useState("");
  const rows = useMemo(() => routeTable().sort((a, b) => a.path.localeCompare(b.path)), []);
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? rows.filter((r) =>
        [
          r.path,
          resourceKey(r.resource),
          r.resource.meta.menuPath,
          r.resource.meta.area,
          ...r.resource.meta.endpoints,
        ].some((v) => v.toLowerCase().includes(needle)),
      )
    : rows;

  return (
    <Flex vertical gap={16} style={{ padding: 24 }}>
      <ScreenTitle>{t("routes.title")}</ScreenTitle>
      <Typography.Text type="secondary">{t("routes.subtitle", { count: rows.length })}</Typography.Text>
      <Card>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t("routes.search")}
          aria-label={t("routes.search")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 420, marginBottom: 16 }}
        />
        <Table<RouteEntry>
          rowKey={(r) => r.path}
          dataSource={shown}
          size="middle"
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          locale={{ emptyText: t("routes.empty") }}
          scroll={scroll(1180)}
          columns={[
            {
              title: t("routes.path"),
              dataIndex: "path",
              render: (p: string) => (
                <Space size={4}>
                  <Typography.Text code>{p}</Typography.Text>
                  <Tooltip title={t("routes.copy")}>
                    <Button
                      type="text"
                      size="small"
                      icon={<CopyOutlined />}
                      aria-label={`${t("routes.copy")} ${p}`}
                      onClick={() => void copy(p)}
                    />
                  </Tooltip>
                </Space>
              ),
            },
            {
              title: t("routes.resource"),
              key: "resource",
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{resourceKey(r.resource)}</Typography.Text>
                  <Typography.Text type="secondary">{t(r.resource.meta.label)}</Typography.Text>
                </Space>
              ),
            },
            {
              title: t("routes.action"),
              key: "action",
              render: (_, r) =>
                r.action === "redirect" ? (
                  <Tag>{t("routes.redirect", { to: r.redirectTo })}</Tag>
                ) : (
                  <Tag color="blue">{t(`routes.actions.${r.action}`)}</Tag>
                ),
            },
            {
              title: t("routes.endpoints"),
              key: "endpoints",
              width: 340,
              render: (_, r) =>
                r.resource.meta.endpoints.length ? (
                  <Endpoints list={r.resource.meta.endpoints} />
                ) : (
                  <Typography.Text type="secondary">{t("routes.noEndpoints")}</Typography.Text>
                ),
            },
            {
              title: t("routes.access"),
              key: "access",
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={r.resource.meta.area === "admin" ? "purple" : "cyan"}>
                    {t(`routes.areas.${r.resource.meta.area}`)}
                  </Tag>
                  <Typography.Text type="secondary">
                    {t("routes.menuGrant", { path: r.resource.meta.menuPath })}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t("routes.built"),
              key: "built",
              filters: [
                { text: t("routes.builtYes"), value: true },
                { text: t("routes.builtNo"), value: false },
              ],
              onFilter: (value, r) => r.resource.meta.built === value,
              render: (_, r) =>
                r.resource.meta.built ? (
                  <Tag color="green">{t("routes.builtYes")}</Tag>
                ) : (
                  <Tag>{t("routes.builtNo")}</Tag>
                ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
