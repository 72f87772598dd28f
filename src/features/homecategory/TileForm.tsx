import { Create, Edit } from "@refinedev/antd";
import { useCreate, useDelete, useGo, useList, useOne, useTranslate, useUpdate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { App, Button, Card, Flex, Form, Input, Popconfirm, Radio, Select, Skeleton, Switch, Typography } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { BackLink } from "../../components/kit/direction";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { formOnlyRequired, RADIO_GROUP, writeRules } from "../../components/kit/rules";
import { Thumb } from "../../components/kit/Thumb";
import { ImageField } from "../../components/kit/images";
import { WindowField, windowRule, WindowTag, type TimeWindow } from "../../components/kit/window";
import { screenPath } from "../../resources/calls";
import { LANGUAGES, directionOf, langTag } from "../../providers/languages";
import {
  LINK_TYPES,
  NAME_MAX,
  nameIn,
  REST,
  type Language,
  type LinkType,
  type Target,
  type Tile,
  type TileBody,
} from "./model";
import { TileFace } from "./TileFace";
import { ON_REST } from "../../providers/rest";
import { useTypedSearch } from "../../components/kit/list";

interface Values {
  names: Record<Language, string>;
  imageUrl: string;
  linkType: LinkType;
  linkId: number;
  active: boolean;
  window: TimeWindow;
}

const toBody = (v: Values): TileBody => ({
  names: Object.fromEntries(LANGUAGES.map(({ code }) => [code, v.names[code].trim()])) as TileBody["names"],
  imageUrl: v.imageUrl,
  linkType: v.linkType,
  linkId: v.linkId,
  active: v.active,
  startsAt: v.window.startsAt,
  endsAt: v.window.endsAt,
  timezone: v.window.timezone,
});

/** The window's three server fields all belong to the one window control. */
const WINDOW_FIELDS = ["startsAt", "endsAt", "timezone"];

const createRule = writeRules("/api/v2/homecategories");
const editRule = writeRules("/api/v2/homecategories/{id}", "patch");

/** What the tile opens: a search among the targets its type takes (the one picked stays listed). */
function TargetSelect({
  linkType,
  current,
  value,
  onChange,
  id,
}: {
  linkType: LinkType;
  current?: Target;
  value?: number;
  onChange?: (id: number) => void;
  id?: string;
}) {
  const t = useTranslate();
  const [search, setSearch] = useTypedSearch();
  const { result, query } = useList<Target>({
    resource: REST.targets,
    ...ON_REST,
    pagination: { mode: "off" },
    errorNotification: false,
    filters: [
      { field: "linkType", operator: "eq", value: linkType },
      { field: "search", operator: "eq", value: search || undefined },
    ],
  });
  const found = result.data;
  const options = [...(current && !found.some((x) => x.id === current.id) ? [current] : []), ...found];
  return (
    <Select
      id={id}
      showSearch
      filterOption={false}
      onSearch={setSearch}
      loading={query.isFetching}
      value={value}
      onChange={onChange}
      placeholder={t("homecategory.form.targetPlaceholder")}
      notFoundContent={query.isFetching ? undefined : t("homecategory.form.noTargets")}
      options={options.map((x) => ({
        value: x.id,
        label: (
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            {linkType !== "category" && <Thumb url={x.imageUrl} size={24} />}
            <span dir="auto" title={x.name} className="homecategory-clip">
              {x.name}
            </span>
            {x.detail && linkType === "product" && (
              <Typography.Text type="secondary" style={{ fontSize: 12, flex: "none" }}>
                <bdi>{x.detail}</bdi>
              </Typography.Text>
            )}
          </Flex>
        ),
      }))}
    />
  );
}

/**
 * A home-category tile, new or existing: its name in the five languages, image, link target, window and
 * switch, with a preview of the tile as the home page draws it in the reader's language.
 */
export function TileForm({ id }: { id?: string }) {
  const t = useTranslate();
  const lng = useTranslation().i18n.resolvedLanguage;
  const go = useGo();
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const listPath = screenPath("homecategory", "list");
  const { result: tile, query } = useOne<Tile>({
    resource: REST.tiles,
    id,
    ...ON_REST,
    errorNotification: false,
    queryOptions: { enabled: id !== undefined },
  });
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const { mutateAsync: remove, mutation: removing } = useDelete();
  const linkType = Form.useWatch("linkType", form) ?? "category";
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  if (id !== undefined && query.isError) return <RecordFailure query={query} backTo={listPath} />;
  if (id !== undefined && !tile) return <Skeleton active />;

  const initial: Partial<Values> = tile
    ? {
        names: tile.names,
        imageUrl: tile.imageUrl,
        linkType: tile.linkType,
        linkId: tile.linkId,
        active: tile.active,
        window: { startsAt: tile.startsAt, endsAt: tile.endsAt, timezone: tile.timezone },
      }
    : { linkType: "category", active: true, window: undefined };
  const notify = (message: string) => ({
    successNotification: () => ({ type: "success" as const, message }),
    errorNotification: false as const,
  });

  const save = async (values: Values) => {
    try {
      if (tile)
        await update({
          resource: REST.tiles,
          id: tile.id,
          values: toBody(values),
          ...ON_REST,
          ...notify(t("homecategory.form.saved")),
        });
      else
        await create({
          resource: REST.tiles,
          values: toBody(values),
          ...ON_REST,
          ...notify(t("homecategory.form.created")),
        });
      go({ to: listPath });
    } catch (e) {
      const windowErrors = Object.entries((e as { errors?: Record<string, string[]> }).errors ?? {})
        .filter(([k]) => WINDOW_FIELDS.includes(k))
        .flatMap(([, m]) => m);
      if (windowErrors.length) form.setFields([{ name: "window", errors: windowErrors }]);
      if (!applyFieldErrors(form, e) && !windowErrors.length)
        notification.error({ message: t("homecategory.form.failed"), description: errorMessage(e) });
    }
  };

  const del = () =>
    remove({ resource: REST.tiles, id: tile!.id, ...ON_REST, ...notify(t("homecategory.form.deleted")) })
      .then(() => go({ to: listPath }))
      .catch((e) => notification.error({ message: t("homecategory.form.failed"), description: errorMessage(e) }));

  const rule = tile ? editRule : createRule;
  const previewName = nameIn({ names: { ...tile?.names, ...watched?.names } as Record<Language, string> }, lng) ?? "";
  const Frame = tile ? Edit : Create;
  const current: Target | undefined =
    tile && tile.linkType === linkType && tile.linkName
      ? { id: tile.linkId, name: tile.linkName, detail: null, imageUrl: null }
      : undefined;

  return (
    <Frame
      title={t(tile ? "homecategory.titles.edit" : "homecategory.titles.create")}
      resource="homecategory"
      goBack={<BackLink to={listPath} label={t("buttons.backToList")} />}
      saveButtonProps={{ onClick: () => form.submit(), loading: creating.isPending || updating.isPending }}
      headerButtons={() =>
        tile ? (
          <Popconfirm
            title={t("homecategory.form.confirmDelete", { name: nameIn(tile, lng) })}
            description={t("homecategory.form.deleteEffect")}
            okText={t("buttons.delete")}
            okButtonProps={{ danger: true }}
            cancelText={t("buttons.cancel")}
            onConfirm={del}
          >
            <Button danger icon={<DeleteOutlined />} loading={removing.isPending}>
              {t("buttons.delete")}
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      <div className="homecategory-form">
        <Form form={form} layout="vertical" initialValues={initial} onFinish={save} style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t("homecategory.fields.names")}
          </Typography.Title>
          {LANGUAGES.map(({ code, label }) => (
            <Form.Item
              key={code}
              name={["names", code]}
              label={label}
              // Each language is a part of `names`; one of only spaces is refused like a missing one.
              rules={rule("names", t("homecategory.form.nameRequired", { language: label }), [
                { whitespace: true, message: t("homecategory.form.nameRequired", { language: label }) },
                { max: NAME_MAX, message: t("homecategory.form.nameTooLong", { max: NAME_MAX }) },
              ])}
            >
              <Input lang={langTag(code)} dir={directionOf(code)} maxLength={NAME_MAX} showCount />
            </Form.Item>
          ))}
          <Form.Item
            name="imageUrl"
            label={t("homecategory.fields.image")}
            rules={rule("imageUrl", t("homecategory.form.imageRequired"))}
          >
            <ImageField
              label={t("homecategory.fields.image")}
              optional={false}
              hint={t("homecategory.form.imageHint")}
            />
          </Form.Item>
          <Form.Item name="linkType" label={t("homecategory.fields.linkType")} rules={rule("linkType")}>
            <Radio.Group
              {...RADIO_GROUP}
              optionType="button"
              options={LINK_TYPES.map((x) => ({ value: x, label: t(`homecategory.linkTypes.${x}`) }))}
              onChange={() => form.setFieldValue("linkId", undefined)}
            />
          </Form.Item>
          <Form.Item
            name="linkId"
            label={t(`homecategory.fields.target.${linkType}`)}
            // A change keeps the stored target when none is sent: after a change of type, an id of another kind.
            rules={
              tile
                ? [formOnlyRequired(t("homecategory.form.targetRequired"))]
                : rule("linkId", t("homecategory.form.targetRequired"))
            }
          >
            <TargetSelect linkType={linkType} current={current} />
          </Form.Item>
          <Form.Item
            name="window"
            label={t("homecategory.fields.window")}
            rules={[windowRule(t("homecategory.form.windowRequired"), { start: rule.requires("startsAt") })]}
          >
            <WindowField />
          </Form.Item>
          <Form.Item name="active" label={t("homecategory.fields.active")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
        <Card size="small" title={t("homecategory.fields.preview")} className="homecategory-preview">
          <TileFace imageUrl={watched?.imageUrl ?? tile?.imageUrl ?? null} name={previewName} />
          {watched?.window?.startsAt && (
            <Flex style={{ marginTop: 8 }}>
              <WindowTag
                window={{
                  startsAt: watched.window.startsAt,
                  endsAt: watched.window.endsAt ?? null,
                  active: watched.active,
                }}
              />
            </Flex>
          )}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
            {t("homecategory.form.previewHint")}
          </Typography.Paragraph>
        </Card>
      </div>
    </Frame>
  );
}
