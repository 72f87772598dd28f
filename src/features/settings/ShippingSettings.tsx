import { List } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { Tabs } from "antd";
import { useSearchParams } from "react-router";
import { ConfigPanel } from "./ConfigPanel";
import { RatesPanel } from "./RatesPanel";
import { ZonesPanel } from "./ZonesPanel";
import { useTransportTypes, useZones } from "./hooks";
import "./settings.css";

const TABS = ["rates", "zones", "config"] as const;
type Tab = (typeof TABS)[number];

/** /admin/setting/shipping: shipping rates by zone, the zones, and config control; the tab is in the URL. */
export function ShippingSettings() {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get("tab")) ?? "rates";
  const { zones, query } = useZones();
  const types = useTransportTypes();
  return (
    <List title={t("shipping.title")}>
      {/* The zones' panels load their rates when opened: the screen is ready once the zones are in. */}
      <div data-screen-ready={query.isLoading ? undefined : ""}>
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
          items={[
            {
              key: "rates",
              label: t("shipping.tabs.rates"),
              children: <RatesPanel zones={zones} types={types} loading={query.isLoading} />,
            },
            {
              key: "zones",
              label: t("shipping.tabs.zones"),
              children: <ZonesPanel zones={zones} loading={query.isLoading} refresh={() => query.refetch()} />,
            },
            { key: "config", label: t("shipping.tabs.config"), children: <ConfigPanel /> },
          ]}
        />
      </div>
    </List>
  );
}
