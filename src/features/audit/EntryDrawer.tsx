import { useContext, useState } from "react";
import { useOne } from "@refinedev/core";
import {
  Alert,
  Button,
  ConfigProvider,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Grid,
  Skeleton,
  Tag,
  Typography,
  theme,
} from "antd";
import { useTranslation } from "react-i18next";
import { dateTime } from "../../components/kit/format";
import { errorMessage } from "../../components/kit/errors";
import { fieldChanges, REST, valueText, type AuditEntry, type FieldChange } from "./model";
import { useAuditLabels } from "./labels";

/** One side of a field: its value, or that it was not there. */
function Value({ value, tone }: { value: unknown; tone: "before" | "after" | "same" }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const background =
    tone === "before" ? token.colorErrorBg : tone === "after" ? token.colorSuccessBg : token.colorFillQuaternary;
  const border =
    tone === "before"
      ? token.colorErrorBorder
      : tone === "after"
        ? token.colorSuccessBorder
        : token.colorBorderSecondary;
  const empty =
    value === undefined ? t("audit.entry.absent") : value === null || value === "" ? t("audit.entry.empty") : null;
  return (
    <div
      dir="auto"
      style={{
        background,
        border: `1px solid ${border}`,
        borderRadius: token.borderRadiusSM,
        padding: "4px 8px",
        minHeight: 30,
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
        fontFamily: typeof value === "object" && value ? token.fontFamilyCode : undefined,
        fontSize: 13,
        color: empty ? token.colorTextTertiary : token.colorText,
        fontStyle: empty ? "italic" : undefined,
      }}
    >
      {empty ?? valueText(value)}
    </div>
  );
}

/** A changed field: before and after side by side (stacked on a phone), each labelled; a new or deleted record shows its one side. */
function Change({ change, sides }: { change: FieldChange; sides: { before: boolean; after: boolean } }) {
  const { t } = useTranslation();
  return (
    <div data-testid="audit-change" data-field={change.field} style={{ marginBottom: 12 }}>
      <Typography.Text code>{change.field}</Typography.Text>
      <Flex wrap gap={8} style={{ marginTop: 4 }}>
        {sides.before && (
          <div style={{ flex: "1 1 200px", minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t("audit.entry.before")}
            </Typography.Text>
            <Value value={change.before} tone="before" />
          </div>
        )}
        {sides.after && (
          <div style={{ flex: "1 1 200px", minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t("audit.entry.after")}
            </Typography.Text>
            <Value value={change.after} tone="after" />
          </div>
        )}
      </Flex>
    </div>
  );
}

/** One audit entry: who, when, what, and the record before and after as a field-by-field comparison. */
export function EntryDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const screens = Grid.useBreakpoint();
  const { entityLabel, actionLabel, actorLabel } = useAuditLabels();
  const [showSame, setShowSame] = useState(false);
  const { query, result: entry } = useOne<AuditEntry>({
    ...REST,
    id: id ?? 0,
    errorNotification: false,
    queryOptions: { enabled: id !== null },
  });
  const changes = entry ? fieldChanges(entry.before, entry.after) : [];
  const changed = changes.filter((c) => c.changed);
  const same = changes.filter((c) => !c.changed);
  // Only a record that was there before and after has two sides to compare.
  const sides = {
    before: entry?.before != null || entry?.after == null,
    after: entry?.after != null || entry?.before == null,
  };
  const close = () => {
    setShowSame(false);
    onClose();
  };

  return (
    <Drawer
      open={id !== null}
      onClose={close}
      placement={direction === "rtl" ? "left" : "right"}
      width={screens.md ? 640 : "100%"}
      title={t("audit.entry.title", { id: id ?? "" })}
      data-testid="audit-entry"
    >
      {query.isError ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={`${t("audit.entry.loadFailed")} ${errorMessage(query.error)}`}
        >
          <Button onClick={() => void query.refetch()}>{t("audit.entry.retry")}</Button>
        </Empty>
      ) : !entry || query.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t("audit.fields.when")}>{dateTime(entry.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t("audit.fields.actor")}>
              <span dir="auto">{actorLabel(entry)}</span>
              {entry.actorUsername && <Typography.Text type="secondary"> ({entry.actorUsername})</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label={t("audit.fields.record")}>
              {entityLabel(entry.entity)} {entry.entityId !== null && <bdi>#{entry.entityId}</bdi>}
            </Descriptions.Item>
            <Descriptions.Item label={t("audit.fields.action")}>
              <Tag style={{ marginInlineEnd: 0 }}>{actionLabel(entry.action)}</Tag>
            </Descriptions.Item>
          </Descriptions>
          {entry.before == null && entry.after != null && (
            <Alert type="info" showIcon message={t("audit.entry.created")} style={{ marginBottom: 12 }} />
          )}
          {entry.after == null && entry.before != null && (
            <Alert type="warning" showIcon message={t("audit.entry.deleted")} style={{ marginBottom: 12 }} />
          )}
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t("audit.entry.changes", { count: changed.length })}
          </Typography.Title>
          {changed.length ? (
            changed.map((c) => <Change key={c.field} change={c} sides={sides} />)
          ) : (
            <Typography.Paragraph type="secondary">{t("audit.entry.noChanges")}</Typography.Paragraph>
          )}
          {same.length > 0 && (
            <>
              <Button
                type="link"
                style={{ paddingInline: 0 }}
                onClick={() => setShowSame((v) => !v)}
                aria-expanded={showSame}
              >
                {t(showSame ? "audit.entry.hideSame" : "audit.entry.showSame", { count: same.length })}
              </Button>
              {showSame && (
                <Descriptions size="small" column={1} bordered>
                  {same.map((c) => (
                    <Descriptions.Item key={c.field} label={<Typography.Text code>{c.field}</Typography.Text>}>
                      <Value value={c.after} tone="same" />
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              )}
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
