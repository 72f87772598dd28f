import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { List } from "@refinedev/antd";
import { useCustom, useList, useTranslate, type CrudFilter } from "@refinedev/core";
import { Alert, App, Button, Empty, Flex, Result, Select, Skeleton, Statistic, Typography } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { FilterBar } from "../../components/kit/list";
import { errorMessage } from "../../components/kit/errors";
import type { WindowState } from "../../components/kit/window";
import { BannerOrder } from "./BannerOrder";
import { UploadDialog } from "./UploadDialog";
import { WindowDialog } from "./WindowDialog";
import { calls, isolated, useBannerNames, useBannerWrite } from "./hooks";
import { PAGE_MAX, STATES, type Banner, type BannerMenu, type BannerType, type StateCounts } from "./model";
import "./banners.css";

const NONE: Banner[] = [];

/**
 * Marketplace banners of one type and page in the order shoppers see them: pick the type (its
 * required image size shown) and the page, drag to reorder, switch on or off, set the window,
 * upload and delete. Type, page and state filter live in the URL, so a reload keeps them.
 */
export function BannerManagement() {
  const t = useTranslate();
  const { notification } = App.useApp();
  const names = useBannerNames();
  const [params, setParams] = useSearchParams();
  const [uploading, setUploading] = useState(false);
  const [timing, setTiming] = useState<Banner>();

  const types = useCustom<{ items: BannerType[] }>(calls.readCall("getmasterType"));
  const typeList = types.query.data?.data?.items;
  const type = typeList?.find((x) => x.id === Number(params.get("typeId"))) ?? typeList?.[0];

  // Read once a type is known.
  const menus = useCustom<{ items: BannerMenu[] }>({
    ...calls.readCall("getBannerTypeMenu", { typeId: type?.id as number }),
    queryOptions: { enabled: Boolean(type) },
  });
  const menuList = menus.query.data?.data?.items.filter((m) => m.typeId === type?.id);
  const menu = menuList?.find((m) => m.id === Number(params.get("menuId"))) ?? menuList?.[0];
  const status = (STATES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as WindowState)
    : undefined;

  const filters: CrudFilter[] = [
    { field: "typeId", operator: "eq", value: type?.id },
    { field: "menuId", operator: "eq", value: menu?.id },
    { field: "status", operator: "eq", value: status },
  ];
  const list = useList<Banner>({
    resource: "banners",
    filters,
    pagination: { currentPage: 1, pageSize: PAGE_MAX },
    queryOptions: { enabled: Boolean(type && menu) },
  });
  const items = useMemo(() => list.query.data?.data ?? NONE, [list.query.data]);
  const total = list.query.data?.total ?? 0;
  const counts = (list.query.data?.extra as { counts?: StateCounts } | undefined)?.counts;

  // The order on screen: a drop shows at once and is undone when its save fails; a new read replaces it
  // (the read last seen, kept to notice one while rendering).
  const [order, setOrder] = useState<Banner[]>(items);
  const [read, setRead] = useState(items);
  if (read !== items) {
    setRead(items);
    setOrder(items);
  }

  const refresh = () => Promise.all([list.query.refetch(), menus.query.refetch()]);
  const { write } = useBannerWrite();
  const failed = (e: unknown, message = t("banners.messages.failed")) =>
    notification.error({ message, description: errorMessage(e) });

  const pick = (next: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v) out.set(k, v);
          else out.delete(k);
        }
        return out;
      },
      { replace: true },
    );

  const reorder = async (next: Banner[]) => {
    const before = order;
    setOrder(next);
    try {
      await write(
        "sortbanner",
        { typeId: type!.id, menuId: menu!.id, ids: next.map((b) => b.id) },
        t("banners.messages.orderSaved"),
      );
    } catch (e) {
      setOrder(before);
      failed(e, t("banners.messages.orderUndone"));
    }
    await list.query.refetch();
  };
  const toggle = (b: Banner, active: boolean) =>
    write(
      "updatestatusbanner",
      { id: b.id, active },
      t(active ? "banners.messages.switchedOn" : "banners.messages.switchedOff", { title: isolated(b.title) }),
    )
      .catch((e) => failed(e))
      .then(refresh);
  const remove = (b: Banner) =>
    write("deletebanner", { id: b.id }, t("banners.messages.deleted", { title: isolated(b.title) }))
      .catch((e) => failed(e))
      .then(refresh);

  if (types.query.isError || menus.query.isError) {
    return (
      <List title={t("resources.banners")}>
        <Result
          status="error"
          title={t("banners.messages.loadFailed")}
          subTitle={errorMessage(types.query.error ?? menus.query.error)}
          extra={
            <Button onClick={() => void (types.query.isError ? types.query.refetch() : menus.query.refetch())}>
              {t("banners.retry")}
            </Button>
          }
        />
      </List>
    );
  }

  // The whole page must be on screen for a drop to send its full order.
  const sortable = !status && total <= order.length;
  const uploadButton = (
    <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)} disabled={!type || !menu}>
      {t("banners.actions.upload")}
    </Button>
  );

  let body;
  if (!type || !menu || list.query.isLoading) body = <Skeleton active />;
  else if (list.query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t("banners.messages.loadFailed")}
        description={errorMessage(list.query.error)}
      />
    );
  } else if (!order.length) {
    body = status ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("banners.noneInState")}>
        <Button onClick={() => pick({ status: undefined })}>{t("banners.showAll")}</Button>
      </Empty>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("banners.empty", { page: names.menu(menu) })}>
        {uploadButton}
      </Empty>
    );
  } else {
    body = (
      <>
        <Typography.Paragraph type="secondary">
          {sortable ? t("banners.orderHint") : t("banners.orderNeedsAll")}
        </Typography.Paragraph>
        <BannerOrder
          items={order}
          type={type}
          sortable={sortable}
          onReorder={reorder}
          onToggle={toggle}
          onWindow={setTiming}
          onDelete={remove}
        />
      </>
    );
  }

  return (
    <List title={t("resources.banners")} headerButtons={uploadButton}>
      <FilterBar>
        <Select
          aria-label={t("banners.type")}
          value={type?.id}
          loading={types.query.isLoading}
          options={(typeList ?? []).map((x) => ({
            value: x.id,
            label: t("banners.typeOption", { name: names.type(x), width: x.width, height: x.height }),
          }))}
          onChange={(id: number) => pick({ typeId: String(id), menuId: undefined })}
          style={{ width: 300, maxWidth: "100%" }}
          popupMatchSelectWidth={false}
        />
        <Select
          aria-label={t("banners.page")}
          value={menu?.id}
          loading={menus.query.isLoading}
          options={(menuList ?? []).map((m) => ({
            value: m.id,
            label: t("banners.menuOption", { name: names.menu(m), count: m.bannerCount }),
          }))}
          onChange={(id: number) => pick({ menuId: String(id) })}
          style={{ width: 220, maxWidth: "100%" }}
          popupMatchSelectWidth={false}
        />
        <Select
          aria-label={t("banners.status")}
          value={status ?? "all"}
          options={[
            { value: "all", label: t("banners.allStates") },
            ...STATES.map((s) => ({ value: s, label: t(`kit.window.${s}`) })),
          ]}
          onChange={(s: string) => pick({ status: s === "all" ? undefined : s })}
          style={{ width: 160, maxWidth: "100%" }}
        />
      </FilterBar>
      {type && (
        <Typography.Paragraph className="banners-size" strong>
          {t("banners.requiredSize", { name: names.type(type), width: type.width, height: type.height })}
        </Typography.Paragraph>
      )}
      {counts && (
        <Flex className="banners-counts" wrap gap={8} role="group" aria-label={t("banners.countsLabel")}>
          {STATES.map((s) => (
            <Statistic
              key={s}
              className="banners-count"
              data-state={s}
              title={t(`kit.window.${s}`)}
              value={counts[s]}
            />
          ))}
        </Flex>
      )}
      <Flex vertical gap={0}>
        {body}
      </Flex>
      {uploading && type && menu && (
        <UploadDialog
          type={type}
          menu={menu}
          onClose={() => setUploading(false)}
          onDone={() => {
            setUploading(false);
            void refresh();
          }}
        />
      )}
      {timing && (
        <WindowDialog
          banner={timing}
          onClose={() => setTiming(undefined)}
          onDone={() => {
            setTiming(undefined);
            void refresh();
          }}
        />
      )}
    </List>
  );
}
