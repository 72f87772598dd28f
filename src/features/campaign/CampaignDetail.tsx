import type { Body } from "../../api";
import { useEffect, useState } from "react";
import { Show } from "@refinedev/antd";
import { useOne, useTranslate } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  List,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from "antd";
import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  LockOutlined,
  PictureOutlined,
  UploadOutlined,
} from "@ant-design/icons";
import { BackLink } from "../../components/kit/direction";
import { applyFieldErrors, errorMessage, errorStatus } from "../../components/kit/errors";
import { dateTime, useFormat } from "../../components/kit/format";
import { useNarrow } from "../../components/kit/list";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { writeRules } from "../../components/kit/rules";
import { Thumb } from "../../components/kit/Thumb";
import { WindowField, type TimeWindow } from "../../components/kit/window";
import { screenPath } from "../../resources/calls";
import { CampaignStatusTag } from "./CampaignStatusTag";
import { DESCRIPTION_MAX, NAME_MAX, windowFieldErrors } from "./fields";
import type { Rect } from "./geometry";
import { HotspotDialog } from "./HotspotDialog";
import { HotspotEditor } from "./HotspotEditor";
import { activationBlockers, campaignUrl, REST, type CampaignDetail as Detail, type Hotspot } from "./model";
import { useCampaignWrites } from "./useCampaignWrites";
import { useHotspots } from "./useHotspots";
import { WidgetPreview } from "./WidgetPreview";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../../components/kit/images";
import "./campaign.css";

const pct = (v: number) => Math.round(v * 100);
const detailsRule = writeRules("/api/v2/campaigns/{id}", "patch");

/**
 * One campaign: its image with the hotspot editor and the shopper's preview, its name, description and
 * window, and the steps of its life (activate, close — final). A closed campaign is shown read-only.
 */
export function CampaignDetail({ id }: { id: string }) {
  const t = useTranslate();
  const { query, result: campaign } = useOne<Detail>({ ...REST, id, errorNotification: false });
  const reload = () => query.refetch();
  const spots = useHotspots(Number(id), campaign?.hotspots, reload);
  const { verb, rest, busy } = useCampaignWrites();
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState<Rect | null>(null);
  const [editing, setEditing] = useState<Hotspot | null>(null);
  const listPath = screenPath("campaign", "list");
  const narrow = useNarrow();

  if (query.isError) return <RecordFailure query={query} backTo={listPath} />;
  const c = campaign;
  const open = c && c.status !== "closed";
  /** A failed write of the campaign's row: a stale version reloads it (the toast says why). */
  const failed = (error: unknown) => {
    if (errorStatus(error) === 409) void reload();
  };
  const blockers = c ? activationBlockers({ ...c, hotspots: spots.items }) : [];

  const uploadImage = (file: File) => {
    const body = new FormData();
    body.append("version", String(c!.version));
    body.append("file", file);
    return rest(`${campaignUrl(id)}/image`, "post", body, t("campaign.messages.imageSaved")).then(reload, failed);
  };

  const actions = c && open && (
    <Space wrap>
      {c.status === "draft" && (
        <Tooltip
          title={blockers.length ? blockers.map((b) => t(`campaign.activate.blocked.${b}`)).join(" ") : undefined}
        >
          <Popconfirm
            title={t("campaign.activate.confirm")}
            description={t("campaign.activate.effect")}
            okText={t("campaign.actions.activate")}
            cancelText={t("buttons.cancel")}
            disabled={blockers.length > 0}
            onConfirm={() =>
              rest(
                `${campaignUrl(id)}/activate`,
                "post",
                { version: c.version } satisfies Body<"/api/v2/campaigns/{id}/activate">,
                t("campaign.messages.activated"),
              ).then(reload, failed)
            }
          >
            <Button type="primary" icon={<CheckCircleOutlined />} disabled={blockers.length > 0} loading={busy}>
              {t("campaign.actions.activate")}
            </Button>
          </Popconfirm>
        </Tooltip>
      )}
      <Popconfirm
        title={t("campaign.close.confirm", { name: c.name })}
        description={<div style={{ maxWidth: 320 }}>{t("campaign.close.final")}</div>}
        okText={t("campaign.actions.close")}
        okButtonProps={{ danger: true }}
        cancelText={t("buttons.cancel")}
        onConfirm={() =>
          verb("closecampaign", { id: c.id, version: c.version }, t("campaign.messages.closed")).then(reload, failed)
        }
      >
        <Button danger icon={<LockOutlined />}>
          {t("campaign.actions.close")}
        </Button>
      </Popconfirm>
    </Space>
  );

  const editor =
    c &&
    (c.imageUrl && c.imageWidth && c.imageHeight ? (
      <Flex vertical gap={16}>
        <HotspotEditor
          imageUrl={c.imageUrl}
          imageWidth={c.imageWidth}
          imageHeight={c.imageHeight}
          hotspots={spots.items}
          editable={!!open}
          selected={selected}
          onSelect={setSelected}
          draft={draft}
          onDraw={setDraft}
          onPlace={spots.place}
          onDelete={(hotspotId) =>
            void spots.remove(hotspotId).then(
              () => setSelected(null),
              () => undefined,
            )
          }
          onEdit={(hotspotId) => setEditing(spots.items.find((h) => h.id === hotspotId) ?? null)}
        />
        <HotspotList
          hotspots={spots.items}
          editable={!!open}
          selected={selected}
          onSelect={setSelected}
          onEdit={setEditing}
          onDelete={(hotspotId) =>
            spots.remove(hotspotId).then(
              () => setSelected(null),
              () => undefined,
            )
          }
        />
      </Flex>
    ) : (
      <div className="campaign-empty-image">
        <PictureOutlined style={{ fontSize: 32, opacity: 0.5 }} aria-hidden />
        <Typography.Text type="secondary">{t(open ? "campaign.image.empty" : "campaign.image.none")}</Typography.Text>
        {open && <ImageUpload label={t("campaign.image.upload")} onFile={uploadImage} busy={busy} primary />}
      </div>
    ));

  return (
    <Show
      title={
        <Flex gap={8} align="center" wrap>
          <span dir="auto">{c?.name ?? t("campaign.titles.one")}</span>
          {c && <CampaignStatusTag campaign={c} />}
        </Flex>
      }
      resource="campaign"
      recordItemId={id}
      goBack={<BackLink to={listPath} label={t("buttons.backToList")} />}
      isLoading={query.isLoading}
      // Show's own Edit and Refresh would only reopen this page: a closed campaign has no actions.
      headerButtons={actions || <></>}
      contentProps={narrow ? { styles: { body: { padding: 8 } } } : undefined}
    >
      {!c ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {!open && (
            <Alert
              type="info"
              showIcon
              icon={<LockOutlined />}
              message={t("campaign.close.closedTitle", { date: dateTime(c.closedAt) })}
              description={t("campaign.close.closedHint")}
            />
          )}
          {open && c.status === "draft" && blockers.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={t("campaign.activate.notYet")}
              description={blockers.map((b) => t(`campaign.activate.blocked.${b}`)).join(" ")}
            />
          )}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <Card
                size="small"
                title={t("campaign.image.title")}
                extra={
                  open && c.imageUrl ? (
                    <ImageUpload label={t("campaign.image.replace")} onFile={uploadImage} busy={busy} />
                  ) : null
                }
                styles={{ title: { whiteSpace: "normal" } }}
              >
                <Tabs
                  destroyOnHidden
                  items={[
                    { key: "edit", label: t("campaign.tabs.edit"), children: editor },
                    ...(c.imageUrl
                      ? [
                          {
                            key: "preview",
                            label: t("campaign.tabs.preview"),
                            children: <WidgetPreview campaignId={c.id} />,
                          },
                        ]
                      : []),
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Flex vertical gap={16}>
                <DetailsCard campaign={c} disabled={!open} onSaved={reload} />
                <WindowCard campaign={c} disabled={!open} onSaved={reload} />
              </Flex>
            </Col>
          </Row>
        </Flex>
      )}
      {draft && (
        <HotspotDialog
          onSave={(values) => spots.create(draft, values).then((h) => setSelected(h.id))}
          onClose={() => setDraft(null)}
        />
      )}
      {editing && (
        <HotspotDialog
          hotspot={editing}
          onSave={(values) => spots.relink(editing.id, values)}
          onClose={() => setEditing(null)}
        />
      )}
    </Show>
  );
}

/** Picks an image (checked for size here, for its type and pixel size by the server) and hands it on. */
function ImageUpload({
  label,
  onFile,
  busy,
  primary,
}: {
  label: string;
  onFile: (f: File) => Promise<unknown>;
  busy: boolean;
  primary?: boolean;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  return (
    <Upload
      accept={IMAGE_ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        if (file.size > IMAGE_MAX_BYTES) {
          notification.error({ message: t("campaign.image.tooLarge", { name: file.name }) });
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        onFile(file as File).then(onSuccess, (e: Error) => onError?.(e));
      }}
    >
      <Button type={primary ? "primary" : "default"} icon={<UploadOutlined />} loading={busy}>
        {label}
      </Button>
    </Upload>
  );
}

/** The hotspots in the order drawn: the product each links (flagged when no longer approved), its label and place. */
function HotspotList({
  hotspots,
  editable,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  hotspots: Hotspot[];
  editable: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
  onEdit: (h: Hotspot) => void;
  onDelete: (id: number) => Promise<unknown>;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  if (!hotspots.length)
    return (
      <Typography.Text type="secondary">
        {t(editable ? "campaign.hotspot.none" : "campaign.hotspot.noneClosed")}
      </Typography.Text>
    );
  return (
    <List
      className="campaign-spot-list"
      size="small"
      bordered
      dataSource={hotspots}
      renderItem={(h, i) => (
        <List.Item
          className={selected === h.id ? "campaign-spot-selected" : undefined}
          onClick={() => onSelect(h.id)}
          actions={
            editable
              ? [
                  <Tooltip key="edit" title={t("campaign.hotspot.edit")}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`${t("campaign.hotspot.edit")}: ${i + 1}`}
                      onClick={() => onEdit(h)}
                    />
                  </Tooltip>,
                  <Popconfirm
                    key="delete"
                    title={t("campaign.hotspot.confirmDelete", { n: i + 1 })}
                    okText={t("buttons.delete")}
                    okButtonProps={{ danger: true }}
                    cancelText={t("buttons.cancel")}
                    onConfirm={() => onDelete(h.id)}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t("campaign.hotspot.delete")}: ${i + 1}`}
                    />
                  </Popconfirm>,
                ]
              : undefined
          }
        >
          <div className="campaign-spot-main">
            <span className="campaign-spot-badge" aria-hidden>
              {i + 1}
            </span>
            <Thumb url={h.product.imageUrl} size={40} />
            <div className="campaign-spot-text">
              <span dir="auto">{h.product.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <bdi>{h.product.shopName}</bdi> · <bdi>{money(h.product.price)}</bdi>
              </Typography.Text>
              {h.label && (
                <Typography.Text style={{ fontSize: 12 }}>
                  <bdi>{h.label}</bdi>
                </Typography.Text>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t("campaign.editor.position", {
                  x: pct(h.x),
                  y: pct(h.y),
                  width: pct(h.width),
                  height: pct(h.height),
                })}
              </Typography.Text>
            </div>
            {!h.product.approved && <Tag color="red">{t("campaign.hotspot.notApproved")}</Tag>}
          </div>
        </List.Item>
      )}
    />
  );
}

/** Name and description, saved with the version read (a stale one reloads the campaign). */
function DetailsCard({
  campaign: c,
  disabled,
  onSaved,
}: {
  campaign: Detail;
  disabled: boolean;
  onSaved: () => unknown;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ name: string; description: string }>();
  const { rest, busy } = useCampaignWrites();
  useEffect(
    () => form.setFieldsValue({ name: c.name, description: c.description ?? "" }),
    [c.version, c.name, c.description, form],
  );
  const save = async (values: { name: string; description: string }) => {
    try {
      await rest(
        campaignUrl(c.id),
        "patch",
        { version: c.version, name: values.name, description: values.description } satisfies Body<
          "/api/v2/campaigns/{id}",
          "patch"
        >,
        t("campaign.messages.saved"),
        true,
      );
      onSaved();
    } catch (error) {
      if (!applyFieldErrors(form, error))
        notification.error({ message: t("campaign.messages.failed"), description: errorMessage(error) });
      if (errorStatus(error) === 409) onSaved();
    }
  };
  return (
    <Card title={t("campaign.details.title")} size="small">
      <Form form={form} layout="vertical" onFinish={save} disabled={disabled}>
        <Form.Item
          name="name"
          label={t("campaign.fields.name")}
          rules={detailsRule("name", t("campaign.rules.name"), [{ max: NAME_MAX }])}
        >
          <Input dir="auto" maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item name="description" label={t("campaign.fields.description")} rules={[{ max: DESCRIPTION_MAX }]}>
          <Input.TextArea dir="auto" rows={3} maxLength={DESCRIPTION_MAX} />
        </Form.Item>
        {!disabled && (
          <Button htmlType="submit" loading={busy}>
            {t("buttons.save")}
          </Button>
        )}
      </Form>
    </Card>
  );
}

/** The window (start, optional end, zone), saved with `setdatecampaign`. */
function WindowCard({
  campaign: c,
  disabled,
  onSaved,
}: {
  campaign: Detail;
  disabled: boolean;
  onSaved: () => unknown;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ window: TimeWindow }>();
  const { verb, busy } = useCampaignWrites();
  useEffect(
    () => form.setFieldsValue({ window: { startsAt: c.startsAt, endsAt: c.endsAt, timezone: c.timezone } }),
    [c.version, c.startsAt, c.endsAt, c.timezone, form],
  );
  const save = async ({ window }: { window: TimeWindow }) => {
    try {
      await verb(
        "setdatecampaign",
        { id: c.id, version: c.version, ...window },
        t("campaign.messages.windowSaved"),
        true,
      );
      onSaved();
    } catch (error) {
      if (!applyFieldErrors(form, windowFieldErrors(error)))
        notification.error({ message: t("campaign.messages.failed"), description: errorMessage(error) });
      if (errorStatus(error) === 409) onSaved();
    }
  };
  return (
    <Card title={t("campaign.fields.window")} size="small">
      <Form form={form} layout="vertical" onFinish={save} disabled={disabled}>
        <Form.Item name="window" extra={t("campaign.window.hint")}>
          <WindowField />
        </Form.Item>
        {!disabled && (
          <Button htmlType="submit" loading={busy}>
            {t("buttons.save")}
          </Button>
        )}
      </Form>
    </Card>
  );
}
