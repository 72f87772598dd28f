import { List } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { Tabs } from "antd";
import { Navigate, useSearchParams } from "react-router";
import { ConfigPanel } from "./ConfigPanel";
import { RatesPanel } from "./RatesPanel";
import { useTransportTypes, useZones } from "./hooks";
import "./settings.css";
import { screenPath } from "../../resources/calls";

const TABS = ["rates", "config"] as const;
type Tab = (typeof TABS)[number];

/**
 * /admin/setting/shipping: shipping rates by zone and config control; the tab is in the URL. The zones have a
 * screen of their own (generated, `setting-shippingzone`): the old zones tab's address leads there.
 */
export function ShippingSettings() {
  const [params, setParams] = useSearchParams();
  if (params.get("tab") === "zones") return <Navigate to={screenPath("setting-shippingzone", "list")} replace />;
  return <ShippingTabs params={params} setParams={setParams} />;
}

function ShippingTabs({
  params,
  setParams,
}: {
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
}) {
  const t = useTranslate();
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
            { key: "config", label: t("shipping.tabs.config"), children: <ConfigPanel /> },
          ]}
        />
      </div>
    </List>
  );
}
