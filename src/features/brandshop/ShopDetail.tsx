import { useState } from "react";
import { Show } from "@refinedev/antd";
import { useCustom, useOne, useTranslate } from "@refinedev/core";
import { Alert, Button, Drawer, Flex, Popconfirm, Segmented, Skeleton, Space, Tabs, Tooltip, Typography } from "antd";
import { CheckOutlined, CloseOutlined, CloudUploadOutlined, EyeOutlined, RollbackOutlined } from "@ant-design/icons";
import { useSearchParams } from "react-router";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { BackLink } from "../../components/kit/direction";
import { dateTime } from "../../components/kit/format";
import { errorMessage } from "../../components/kit/errors";
import { shopPaths, shopScreen, storefrontUrl, type Family, type ShopProfile, type Storefront } from "./model";
import { familyOf, useStorefrontWrite } from "./family";
import { ShopStatusTag } from "./ShopList";
import { ProfileForm } from "./ProfileForm";
import { BannersPanel } from "./BannersPanel";
import { StoreBoard } from "./StoreBoard";
import { StorefrontPreview } from "./StorefrontPreview";
import { ReviewDialog } from "./ReviewDialog";
import { ShopSwitcher } from "./ShopSwitcher";
import { ON_REST } from "../../providers/rest";

const TABS = ["storefront", "profile", "banners"] as const;
type Tab = (typeof TABS)[number];

/**
 * One shop's (or house brand's) page: its storefront board with preview, publish and rollback, its
 * profile and its banners. Another shop's id is the not-found page after one read.
 */
export function ShopDetail({ family, area, id }: { family: Family; area: "admin" | "supplier"; id: string }) {
  const t = useTranslate();
  const screen = shopScreen(family, area);
  const paths = shopPaths(screen);
  const [params, setParams] = useSearchParams();
  const [rejecting, setRejecting] = useState(false);
  // The not-found page says it all: no toast beside it.
  const { query, result: shop } = useOne<ShopProfile>({ resource: "shops", id, ...ON_REST, errorNotification: false });
  const { rest, busy } = useStorefrontWrite();

  if (query.isError) return <RecordFailure query={query} backTo={paths.list} />;
  const tabs = TABS.filter((k) => k !== "banners" || familyOf(family).banners);
  const tab: Tab = tabs.includes(params.get("tab") as Tab) ? (params.get("tab") as Tab) : "storefront";
  const reviewing = area === "admin" && family === "supplier" && shop && shop.status !== "active";

  const switcher = <ShopSwitcher family={family} shopId={Number(id)} pathOf={paths.edit} />;
  const review = shop && reviewing && (
    <Space wrap>
      <Popconfirm
        title={t("brandshop.review.confirmApprove", { name: shop.name })}
        description={t("brandshop.review.approveEffect")}
        okText={t("brandshop.actions.approve")}
        cancelText={t("buttons.cancel")}
        onConfirm={() =>
          rest(
            `/api/v2/shop-reviews/${shop.id}/approve`,
            "post",
            {},
            t("brandshop.messages.approved", { name: shop.name }),
          ).then(() => query.refetch())
        }
      >
        <Button type="primary" icon={<CheckOutlined />} loading={busy}>
          {t("brandshop.actions.approve")}
        </Button>
      </Popconfirm>
      {shop.status === "pending" && (
        <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)}>
          {t("brandshop.actions.reject")}
        </Button>
      )}
    </Space>
  );

  return (
    <Show
      title={
        <Flex gap={8} align="center" wrap>
          <span dir="auto">
            {shop?.name ?? t(family === "housebrand" ? "brandshop.titles.housebrand" : "brandshop.titles.shop")}
          </span>
          {shop && <ShopStatusTag status={shop.status} note={shop.reviewNote} />}
        </Flex>
      }
      resource={screen}
      recordItemId={id}
      goBack={<BackLink to={paths.list} label={t("buttons.backToList")} />}
      isLoading={query.isLoading}
      headerButtons={
        <Space wrap>
          {switcher}
          {review}
        </Space>
      }
    >
      {!shop ? (
        <Skeleton active />
      ) : (
        <>
          {area === "supplier" && shop.status !== "active" && (
            <Alert
              showIcon
              type={shop.status === "pending" ? "info" : "warning"}
              style={{ marginBottom: 16 }}
              message={t(`brandshop.review.${shop.status}Title`, { name: shop.name })}
              description={
                shop.status === "pending"
                  ? t("brandshop.review.pendingHint")
                  : t("brandshop.review.rejectedHint", { reason: shop.reviewNote ?? "" })
              }
            />
          )}
          {area === "admin" && shop.status === "rejected" && shop.reviewNote && (
            <Alert
              showIcon
              type="warning"
              style={{ marginBottom: 16 }}
              message={t("brandshop.review.rejectedAdmin", { reason: shop.reviewNote })}
            />
          )}
          <Tabs
            activeKey={tab}
            onChange={(key) =>
              setParams(
                (p) => {
                  p.set("tab", key);
                  return p;
                },
                { replace: true },
              )
            }
            items={tabs.map((key) => ({
              key,
              label: t(`brandshop.tabs.${key}`),
              children:
                key === "storefront" ? (
                  <StorefrontTab family={family} area={area} shop={shop} onChanged={() => query.refetch()} />
                ) : key === "profile" ? (
                  <ProfileForm shop={shop} onSaved={() => query.refetch()} />
                ) : (
                  <BannersPanel shopId={shop.id} />
                ),
            }))}
            destroyOnHidden
          />
        </>
      )}
      {rejecting && shop && (
        <ReviewDialog
          shop={shop}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false);
            return query.refetch();
          }}
        />
      )}
    </Show>
  );
}

/** The board, with preview of the arrangement or of what is live, publishing and one-click rollback. */
function StorefrontTab({
  family,
  area,
  shop,
  onChanged,
}: {
  family: Family;
  area: "admin" | "supplier";
  shop: ShopProfile;
  onChanged(): unknown;
}) {
  const t = useTranslate();
  const [version, setVersion] = useState<number | undefined>();
  const [preview, setPreview] = useState<"draft" | "live" | null>(null);
  const { rest, busy } = useStorefrontWrite();
  const held = area === "supplier" && shop.status !== "active";

  const publish = () =>
    rest(`${storefrontUrl(shop.id)}/publish`, "post", { version: version ?? 0 }, t("brandshop.storefront.published"))
      .then(() => {
        setPreview(null);
        return onChanged();
      })
      .catch(() => undefined);
  const rollback = () =>
    rest(
      `${storefrontUrl(shop.id)}/rollback`,
      "post",
      { liveVersion: shop.liveVersion },
      t("brandshop.storefront.rolledBack"),
    )
      .then(onChanged)
      .catch(() => undefined);

  const publishButton = (
    <Popconfirm
      title={t("brandshop.storefront.confirmPublish")}
      description={
        shop.liveVersion
          ? t("brandshop.storefront.publishKeepsPrevious", { version: shop.liveVersion })
          : t("brandshop.storefront.publishFirst")
      }
      okText={t("brandshop.actions.publish")}
      cancelText={t("buttons.cancel")}
      onConfirm={publish}
      disabled={held || version === undefined}
    >
      <Tooltip title={held ? t("brandshop.storefront.heldUntilApproved") : undefined}>
        <Button type="primary" icon={<CloudUploadOutlined />} loading={busy} disabled={held || version === undefined}>
          {t("brandshop.actions.publish")}
        </Button>
      </Tooltip>
    </Popconfirm>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {shop.liveVersion
            ? t("brandshop.storefront.liveSince", { version: shop.liveVersion, date: dateTime(shop.publishedAt) })
            : t("brandshop.storefront.notPublishedYet")}
        </Typography.Text>
        <Space wrap>
          <Button icon={<EyeOutlined />} onClick={() => setPreview("draft")}>
            {t("brandshop.actions.preview")}
          </Button>
          {shop.canRollback && (
            <Popconfirm
              title={t("brandshop.storefront.confirmRollback", { version: (shop.liveVersion ?? 1) - 1 })}
              okText={t("brandshop.actions.rollback")}
              cancelText={t("buttons.cancel")}
              onConfirm={rollback}
            >
              <Button icon={<RollbackOutlined />} loading={busy}>
                {t("brandshop.actions.rollback")}
              </Button>
            </Popconfirm>
          )}
          {publishButton}
        </Space>
      </Flex>
      <StoreBoard family={family} shopId={shop.id} onVersion={setVersion} />
      <Drawer
        open={preview !== null}
        onClose={() => setPreview(null)}
        width="min(1100px, 100vw)"
        title={t("brandshop.preview.title", { name: shop.name })}
        extra={
          <Segmented
            value={preview ?? "draft"}
            onChange={(v) => setPreview(v as "draft" | "live")}
            options={[
              { value: "draft", label: t("brandshop.preview.draft") },
              { value: "live", label: t("brandshop.preview.live"), disabled: !shop.liveVersion },
            ]}
          />
        }
        footer={preview === "draft" ? <Flex justify="flex-end">{publishButton}</Flex> : undefined}
        destroyOnHidden
      >
        {preview && <PreviewBody shopId={shop.id} source={preview} />}
      </Drawer>
    </Flex>
  );
}

function PreviewBody({ shopId, source }: { shopId: number; source: "draft" | "live" }) {
  const t = useTranslate();
  const { result, query } = useCustom<Storefront>({
    url: `${storefrontUrl(shopId)}/storefront`,
    method: "get",
    config: { query: { source } },
    ...ON_REST,
  });
  if (query.isLoading) return <Skeleton active />;
  if (query.isError)
    return (
      <Alert type="error" showIcon message={t("brandshop.preview.failed")} description={errorMessage(query.error)} />
    );
  return <StorefrontPreview storefront={result.data} />;
}
