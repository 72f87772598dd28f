import type { Answer } from "../../api";
import { useCustom, useTranslate } from "@refinedev/core";
import { Alert, Flex, Popover, Skeleton, Typography } from "antd";
import { useFormat } from "../../components/kit/format";
import { Thumb } from "../../components/kit/Thumb";
import { formatWindow } from "../../components/kit/window";
import { callsOf } from "../../resources/calls";
import campaign from "./endpoints";
import { placed } from "./geometry";
import "./campaign.css";

const calls = callsOf(campaign);

/**
 * The storefront widget as a shopper sees it (`widgethotspot` with `preview`): the image at the width it
 * gets, each hotspot a link that shows its product on hover or focus.
 */
export function WidgetPreview({ campaignId }: { campaignId: number }) {
  const t = useTranslate();
  const { money } = useFormat();
  const { result, query } = useCustom<Answer<"/api/promotion/widgethotspot">>(
    calls.readCall("widgethotspot", { id: campaignId, preview: true }),
  );
  const w = result.data?.data;
  if (query.isLoading) return <Skeleton active />;
  if (!w) return <Alert type="warning" showIcon message={t("campaign.preview.unavailable")} />;
  return (
    <Flex vertical gap={12}>
      <Alert
        type={w.live ? "success" : "info"}
        showIcon
        message={w.live ? t("campaign.preview.live") : t("campaign.preview.notLive")}
        description={<bdi>{formatWindow(w, t("campaign.window.noEnd"))}</bdi>}
      />
      <div className="campaign-widget" dir="ltr">
        <img src={w.imageUrl} width={w.imageWidth} height={w.imageHeight} alt={w.name} />
        {w.hotspots.map((h) => (
          <Popover
            key={h.id}
            trigger={["hover", "focus"]}
            content={
              <Flex gap={12} align="center" style={{ maxWidth: 280 }}>
                <Thumb url={h.product.imageUrl} size={64} />
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text strong style={{ overflowWrap: "anywhere" }}>
                    <bdi>{h.product.name}</bdi>
                  </Typography.Text>
                  {h.label && (
                    <Typography.Text type="secondary">
                      <bdi>{h.label}</bdi>
                    </Typography.Text>
                  )}
                  <span>
                    <Typography.Text strong>{money(h.product.price)}</Typography.Text>
                    {h.product.compareAtPrice !== null && (
                      <Typography.Text delete type="secondary" style={{ marginInlineStart: 8 }}>
                        {money(h.product.compareAtPrice)}
                      </Typography.Text>
                    )}
                  </span>
                </Flex>
              </Flex>
            }
          >
            {/* A shopper follows the link; in the preview it stays on this page. */}
            <a
              href={h.product.link}
              className="campaign-widget-spot"
              style={placed(h)}
              aria-label={h.label ? `${h.product.name} (${h.label})` : h.product.name}
              onClick={(e) => e.preventDefault()}
            >
              <span className="campaign-widget-dot" aria-hidden />
            </a>
          </Popover>
        ))}
      </div>
      {!w.hotspots.length && <Typography.Text type="secondary">{t("campaign.preview.noHotspots")}</Typography.Text>}
    </Flex>
  );
}
