import { useTable } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import {
  Alert,
  Button,
  Collapse,
  Empty,
  Flex,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from "antd";
import { EditOutlined, PlusOutlined, StopOutlined, UndoOutlined } from "@ant-design/icons";
import { useState } from "react";
import { Link } from "react-router";
import { FilterBar, useTableScroll } from "../../components/kit/list";
import { errorMessage } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import { RateDialog } from "./RateDialog";
import { useProvinces, useSaveRate } from "./hooks";
import { unplaced, type Rate, type TransportType, type Zone } from "./model";
import { screenPath } from "../../resources/calls";

/** "0–1 kg", or "from 20 kg" for a band with no end. */
export function useBand() {
  const t = useTranslate();
  const { number } = useFormat();
  return (r: Pick<Rate, "weightFrom" | "weightTo">) =>
    r.weightTo === null
      ? t("shipping.band.from", { from: number(r.weightFrom) })
      : t("shipping.band.range", { from: number(r.weightFrom), to: number(r.weightTo) });
}

type Edit = { rate?: Rate; zone?: string } | null;

/** One zone's rates, transport type by transport type (the type's cell spans its bands). */
function ZoneRates({
  zone,
  transportType,
  showInactive,
  onEdit,
}: {
  zone: Zone;
  transportType?: string;
  showInactive: boolean;
  onEdit(rate: Rate): void;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const band = useBand();
  const scroll = useTableScroll();
  const { save, busy } = useSaveRate();
  const [failure, setFailure] = useState<string>();
  const { tableProps } = useTable<Rate>({
    resource: "setting-shipping",
    syncWithLocation: false,
    pagination: { pageSize: 100 },
    filters: {
      permanent: [
        { field: "zone", operator: "eq", value: zone.code },
        { field: "transportType", operator: "eq", value: transportType },
        { field: "active", operator: "eq", value: showInactive ? undefined : true },
      ],
    },
  });
  const rows = (tableProps.dataSource ?? []) as Rate[];
  // The transport type's cell spans its bands (rows come ordered by type, then band).
  const spanOf = (i: number) => {
    if (i > 0 && rows[i - 1].transportType === rows[i].transportType) return 0;
    let n = 1;
    while (rows[i + n]?.transportType === rows[i].transportType) n += 1;
    return n;
  };
  const toggle = async (r: Rate) => {
    setFailure(undefined);
    try {
      await save({ id: r.id, version: r.version, active: !r.active }, r.active ? "deactivated" : "activated");
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };
  return (
    <>
      {failure && (
        <Typography.Text type="danger" role="alert">
          {failure}
        </Typography.Text>
      )}
      <Table<Rate>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={scroll(560)}
        pagination={tableProps.pagination && (tableProps.pagination.total ?? 0) > 100 ? tableProps.pagination : false}
        rowClassName={(r) => (r.active ? "" : "shipping-inactive")}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("shipping.rates.emptyZone")} />,
        }}
      >
        <Table.Column<Rate>
          key="transportType"
          title={t("shipping.fields.transportType")}
          dataIndex="transportTypeName"
          onCell={(_, i) => ({ rowSpan: spanOf(i ?? 0) })}
          render={(v: string) => <Typography.Text strong>{v}</Typography.Text>}
        />
        <Table.Column<Rate> key="band" title={t("shipping.fields.band")} render={(_, r) => <bdi>{band(r)}</bdi>} />
        <Table.Column<Rate>
          key="price"
          title={t("shipping.fields.price")}
          align="end"
          render={(_, r) => money(r.price)}
        />
        <Table.Column<Rate>
          key="state"
          title={t("shipping.fields.state")}
          render={(_, r) =>
            r.active ? <Tag color="green">{t("shipping.state.active")}</Tag> : <Tag>{t("shipping.state.inactive")}</Tag>
          }
        />
        <Table.Column<Rate>
          key="actions"
          title={t("shipping.fields.actions")}
          render={(_, r) => (
            <Space size={4}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`${t("buttons.edit")}: ${r.transportTypeName} ${band(r)}`}
                onClick={() => onEdit(r)}
              />
              {r.active ? (
                <Popconfirm
                  title={t("shipping.rates.deactivateTitle")}
                  description={t("shipping.rates.deactivateBody", { band: band(r), type: r.transportTypeName })}
                  okText={t("shipping.rates.deactivate")}
                  okButtonProps={{ danger: true, loading: busy }}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => toggle(r)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<StopOutlined />}
                    aria-label={`${t("shipping.rates.deactivate")}: ${r.transportTypeName} ${band(r)}`}
                  />
                </Popconfirm>
              ) : (
                <Button size="small" icon={<UndoOutlined />} loading={busy} onClick={() => toggle(r)}>
                  {t("shipping.rates.activate")}
                </Button>
              )}
            </Space>
          )}
        />
      </Table>
    </>
  );
}

/**
 * Rates grouped by zone, each zone a panel (its rates load when it opens), with the transport-type
 * filter and the deactivated rates on request. Deactivating a rate (confirmed) frees its band; it stays
 * listed as deactivated and can be brought back while its band is free.
 */
export function RatesPanel({ zones, types, loading }: { zones: Zone[]; types: TransportType[]; loading: boolean }) {
  const t = useTranslate();
  const [transportType, setTransportType] = useState<string>();
  const [showInactive, setShowInactive] = useState(false);
  const [open, setOpen] = useState<string[] | null>(null);
  const [edit, setEdit] = useState<Edit>(null);
  const provinces = useProvinces();
  if (loading) return <Skeleton active />;
  const zonesLink = <Link to={screenPath("setting-shippingzone", "list")}>{t("shipping.zones.manage")}</Link>;
  if (!zones.length) return <Empty description={t("shipping.zones.empty")}>{zonesLink}</Empty>;
  const expanded = open ?? [zones[0].code];
  const loose = unplaced(provinces, zones);
  return (
    <>
      {/* Checkout cannot quote a province no zone covers: said here, where its prices would be. */}
      {loose.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("shipping.zones.unplaced", { provinces: loose.map((p) => p.name).join(", ") })}
          action={zonesLink}
        />
      )}
      <FilterBar
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdit({})}>
            {t("shipping.rates.add")}
          </Button>
        }
      >
        <Select
          allowClear
          placeholder={t("shipping.rates.allTypes")}
          aria-label={t("shipping.fields.transportType")}
          style={{ minWidth: 200 }}
          value={transportType}
          onChange={setTransportType}
          options={types.map((x) => ({ value: x.code, label: x.name }))}
        />
        <Flex align="center" gap={8}>
          <Switch checked={showInactive} onChange={setShowInactive} id="shipping-show-inactive" />
          <label htmlFor="shipping-show-inactive">{t("shipping.rates.showInactive")}</label>
        </Flex>
        {zonesLink}
      </FilterBar>
      <Collapse
        activeKey={expanded}
        onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
        items={zones.map((z) => ({
          key: z.code,
          className: `shipping-zone shipping-zone-${z.code}`,
          label: (
            <Flex wrap gap={8} align="baseline">
              <Typography.Text strong>{z.name}</Typography.Text>
              <Typography.Text type="secondary">
                {t("shipping.zones.provinceCount", { count: z.provinces.length })}
              </Typography.Text>
            </Flex>
          ),
          // In the panel, not its header: the header is itself a button and may hold no other control.
          children: (
            <>
              <Flex justify="end" style={{ marginBottom: 8 }}>
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={`${t("shipping.rates.add")}: ${z.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    setEdit({ zone: z.code });
                  }}
                >
                  <span className="shipping-add-label">{t("shipping.rates.add")}</span>
                </Button>
              </Flex>
              <ZoneRates
                zone={z}
                transportType={transportType}
                showInactive={showInactive}
                onEdit={(rate) => setEdit({ rate })}
              />
            </>
          ),
        }))}
      />
      {edit && (
        <RateDialog rate={edit.rate} zone={edit.zone} zones={zones} types={types} onClose={() => setEdit(null)} />
      )}
    </>
  );
}
