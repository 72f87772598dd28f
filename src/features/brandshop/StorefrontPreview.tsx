import { useTranslate } from "@refinedev/core";
import { Card, Empty, Flex, Tag, theme, Typography } from "antd";
import { PictureOutlined } from "@ant-design/icons";
import { useFormat } from "../../components/kit/format";
import { Thumb } from "../../components/kit/Thumb";
import type { Storefront, StoreProduct, StorefrontBanner } from "./model";
import "./brandshop.css";

/** The storefront as a shopper sees it: cover, the shop's name, then each section's banners and product tiles. */
export function StorefrontPreview({ storefront }: { storefront: Storefront }) {
  const t = useTranslate();
  const { token } = theme.useToken();
  const { shop, sections } = storefront;
  const cards = sections.flatMap((s) => s.cards);
  return (
    <div className="storefront" style={{ background: token.colorBgLayout, borderRadius: token.borderRadiusLG }}>
      <header className="storefront-header">
        {shop.coverUrl ? (
          <img className="storefront-cover" src={shop.coverUrl} alt="" />
        ) : (
          <div className="storefront-cover" aria-hidden style={{ background: token.colorFillSecondary }} />
        )}
        <Flex gap={16} align="center" className="storefront-identity" style={{ background: token.colorBgContainer }}>
          <Thumb url={shop.logoUrl} size={64} />
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              <bdi>{shop.name}</bdi>
            </Typography.Title>
            {shop.description && (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0 }}>
                <bdi>{shop.description}</bdi>
              </Typography.Paragraph>
            )}
          </div>
        </Flex>
      </header>
      {!cards.length && <Empty style={{ padding: 32 }} description={t("brandshop.preview.empty")} />}
      {sections
        .filter((s) => s.cards.length)
        .map((section) => (
          <section key={section.id} className="storefront-section" aria-label={section.name}>
            <Typography.Title level={4}>
              <bdi>{section.name}</bdi>
            </Typography.Title>
            {section.cards.map((card) => (
              <div key={card.id} className="storefront-card">
                {card.type === "banner" ? (
                  <BannerStrip banners={card.banners} name={card.name} />
                ) : (
                  <>
                    <Typography.Text strong>
                      <bdi>{card.name}</bdi>
                    </Typography.Text>
                    {card.description && (
                      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                        <bdi>{card.description}</bdi>
                      </Typography.Paragraph>
                    )}
                    {card.products.length ? (
                      <div className="storefront-grid">
                        {card.products.map((p) => (
                          <ProductTile key={p.id} product={p} />
                        ))}
                      </div>
                    ) : (
                      <Typography.Text type="secondary">{t("brandshop.preview.noProducts")}</Typography.Text>
                    )}
                  </>
                )}
              </div>
            ))}
          </section>
        ))}
    </div>
  );
}

function BannerStrip({ banners, name }: { banners: StorefrontBanner[]; name: string }) {
  const t = useTranslate();
  if (!banners.length) {
    return (
      <Flex align="center" gap={8} className="storefront-banner-missing">
        <PictureOutlined aria-hidden />
        <Typography.Text type="secondary">{t("brandshop.preview.noBanners", { name })}</Typography.Text>
      </Flex>
    );
  }
  return (
    <div className="storefront-banners" role="list" aria-label={name}>
      {banners.map((b) => (
        <div key={b.id} role="listitem">
          <a href={b.link ?? undefined} onClick={(e) => e.preventDefault()} title={b.title}>
            <img src={b.imageUrl} alt={b.title} />
          </a>
        </div>
      ))}
    </div>
  );
}

export function ProductTile({ product }: { product: StoreProduct }) {
  const t = useTranslate();
  const { money } = useFormat();
  return (
    <Card
      size="small"
      className="storefront-tile"
      cover={
        <div className="storefront-tile-image">
          {product.imageUrl ? <img src={product.imageUrl} alt="" loading="lazy" /> : null}
          {product.discountPercent > 0 && (
            <Tag color="red" className="storefront-discount">
              {t("brandshop.preview.discount", { percent: product.discountPercent })}
            </Tag>
          )}
        </div>
      }
    >
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: product.name }} style={{ marginBottom: 4, minHeight: 44 }}>
        <bdi>{product.name}</bdi>
      </Typography.Paragraph>
      <Flex gap={6} align="baseline" wrap>
        <Typography.Text strong style={{ whiteSpace: "nowrap" }}>
          {money(product.price)}
        </Typography.Text>
        {product.compareAtPrice !== null && product.compareAtPrice > product.price && (
          <Typography.Text delete type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>
            {money(product.compareAtPrice)}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
