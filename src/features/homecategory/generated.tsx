import { useCustomMutation, useList, useTranslate, useUpdate } from "@refinedev/core";
import { App, Button, Flex, Form, Input, Select, Switch, Tooltip, Typography, type FormRule } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import { useEffect } from "react";
import i18n from "i18next";
import { useTranslation } from "react-i18next";
import type { RowOf } from "../../api";
import { overridesOf } from "../../components/kit/generated/overrides";
import { errorMessage } from "../../components/kit/errors";
import { useTypedSearch } from "../../components/kit/list";
import { Thumb } from "../../components/kit/Thumb";
import { DEFAULT_ZONE, ZONES } from "../../components/kit/window";
import { LANGUAGES, directionOf, langTag } from "../../providers/languages";
import { ON_REST } from "../../providers/rest";

/**
 * What the generated home-categories screen (`/api/v2/homecategories`) draws differently: a tile's image with
 * its name in the reader's language, its place from 1, its switch in the row, move up/down buttons (the order
 * the home page shows), the five names as one input, the link target as a search among what its type takes.
 */
type Tile = RowOf<"/api/v2/homecategories">;
type Names = Tile["names"];
type Target = RowOf<"/api/v2/homecategory-targets">;
const RESOURCE = "homecategories";
const NAME_MAX = 40;

/** A tile's name in a language (English when the language is not one of the five). */
const nameIn = (names: Names | undefined, lng: string | undefined) =>
  names ? (names[(LANGUAGES.some((l) => l.code === lng) ? lng : "en") as keyof Names] ?? names.en) : "";

/** The tile's name in the reader's language. */
function useNameOf() {
  const lng = useTranslation().i18n.resolvedLanguage;
  return (names: Names | undefined) => nameIn(names, lng);
}

/** The tile as a cell: its image and its name in the reader's language. */
function TileCell({ row }: { row: Tile }) {
  const nameOf = useNameOf();
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <Thumb url={row.imageUrl} size={40} />
      <span dir="auto" className="homecategory-name">
        {nameOf(row.names)}
      </span>
    </Flex>
  );
}

/** Shown or hidden in its row, as on the old tile grid, without opening the form (a PATCH of the flag alone). */
function ActiveSwitch({ row }: { row: Tile }) {
  const t = useTranslate();
  const name = useNameOf()(row.names);
  const { mutate, mutation } = useUpdate();
  return (
    <Switch
      size="small"
      checked={row.active}
      loading={mutation.isPending}
      aria-label={`${t("homecategory.fields.active")}: ${name}`}
      onChange={(active) =>
        mutate({
          resource: RESOURCE,
          id: row.id,
          values: { active },
          ...ON_REST,
          successNotification: () => ({
            type: "success",
            message: t(active ? "homecategory.switchedOn" : "homecategory.switchedOff", { name }),
          }),
        })
      }
    />
  );
}

/** Up and down one place in the order (one request naming the new place); the rows are read again after. */
function MoveButtons({ row, refresh }: { row: Tile; refresh(): void }) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const name = useNameOf()(row.names);
  // How many tiles there are: the last one has no place below it.
  const { result } = useList({ resource: RESOURCE, ...ON_REST, pagination: { pageSize: 1 } });
  const { mutate, mutation } = useCustomMutation<Tile>();
  const move = (index: number) =>
    mutate(
      {
        url: `/api/v2/${RESOURCE}/${row.id}/move`,
        method: "post",
        values: { index },
        ...ON_REST,
        successNotification: () => ({
          type: "success",
          message: t("homecategory.moved", { name, position: index + 1 }),
        }),
        errorNotification: false,
      },
      {
        onSuccess: refresh,
        onError: (e) => notification.error({ message: t("homecategory.moveFailed"), description: errorMessage(e) }),
      },
    );
  const last = result.total === undefined || row.position >= result.total - 1;
  const button = (dir: "up" | "down") => {
    const label = t(dir === "up" ? "homecategory.moveUp" : "homecategory.moveDown", { name });
    return (
      <Tooltip title={label}>
        <Button
          size="small"
          icon={dir === "up" ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
          aria-label={label}
          disabled={mutation.isPending || (dir === "up" ? row.position === 0 : last)}
          onClick={() => move(dir === "up" ? row.position - 1 : row.position + 1)}
        />
      </Tooltip>
    );
  };
  return (
    <>
      {button("up")}
      {button("down")}
    </>
  );
}

/** The five names, each in its own script and direction. */
function NamesInput({ value, onChange, id }: { value?: Names; onChange?(v: Names): void; id?: string }) {
  const t = useTranslate();
  return (
    <Flex vertical gap={8} id={id}>
      {LANGUAGES.map(({ code, label }) => (
        <Flex key={code} gap={8} align="center" wrap>
          <label htmlFor={`${id ?? "names"}-${code}`} style={{ width: 96, flex: "none" }}>
            {label}
          </label>
          <Input
            id={`${id ?? "names"}-${code}`}
            lang={langTag(code)}
            dir={directionOf(code)}
            maxLength={NAME_MAX}
            showCount
            aria-label={`${t("homecategory.fields.names")}: ${label}`}
            value={value?.[code] ?? ""}
            onChange={(e) => onChange?.({ ...value, [code]: e.target.value } as Names)}
            style={{ flex: "1 1 200px", minWidth: 0 }}
          />
        </Flex>
      ))}
    </Flex>
  );
}

/** Every language named, none only spaces, none too long: the message names the language (as the server's does). */
const namesRule: FormRule = {
  validator: async (_, value?: Partial<Names>) => {
    for (const { code, label } of LANGUAGES) {
      const v = value?.[code]?.trim() ?? "";
      if (!v) throw new Error(i18n.t("homecategory.form.nameRequired", { language: label }));
      if (v.length > NAME_MAX) throw new Error(i18n.t("homecategory.form.nameTooLong", { max: NAME_MAX }));
    }
  },
};

/** What the tile opens: a search among the targets its type takes (the one picked stays listed). */
function TargetSelect({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?(v: number | undefined): void;
  id?: string;
}) {
  const t = useTranslate();
  const form = Form.useFormInstance();
  const linkType = (Form.useWatch("linkType", form) as Tile["linkType"] | undefined) ?? undefined;
  const [search, setSearch] = useTypedSearch();
  const common = { resource: "homecategory-targets", ...ON_REST, errorNotification: false as const };
  const { result, query } = useList<Target>({
    ...common,
    pagination: { mode: "off" },
    filters: [
      { field: "linkType", operator: "eq", value: linkType },
      { field: "search", operator: "eq", value: search || undefined },
    ],
    queryOptions: { enabled: Boolean(linkType) },
  });
  const { result: picked } = useList<Target>({
    ...common,
    pagination: { mode: "off" },
    filters: [
      { field: "linkType", operator: "eq", value: linkType },
      { field: "id", operator: "eq", value },
    ],
    queryOptions: { enabled: Boolean(linkType && value) },
  });
  const found = result.data;
  const options = [...picked.data.filter((p) => !found.some((x) => x.id === p.id)), ...found];
  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setSearch}
      loading={query.isFetching}
      value={value}
      onChange={onChange}
      placeholder={t(linkType ? "homecategory.form.targetPlaceholder" : "homecategory.form.pickLinkType")}
      notFoundContent={query.isFetching ? undefined : t("homecategory.form.noTargets")}
      options={options.map((x) => ({
        value: x.id,
        label: (
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            {linkType !== "category" && <Thumb url={x.imageUrl} size={24} />}
            <Typography.Text ellipsis={{ tooltip: x.name }} style={{ minWidth: 0 }}>
              <bdi>{x.name}</bdi>
            </Typography.Text>
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

/** A new type empties the target: an id of one kind is not one of another. */
function LinkTypeSelect({
  value,
  onChange,
  id,
}: {
  value?: Tile["linkType"];
  onChange?(v: Tile["linkType"]): void;
  id?: string;
}) {
  const t = useTranslate();
  const form = Form.useFormInstance();
  return (
    <Select
      id={id}
      value={value}
      onChange={(v: Tile["linkType"]) => {
        onChange?.(v);
        if (v !== value) form.setFieldValue("linkId", undefined);
      }}
      options={(["category", "campaign", "product"] as const).map((v) => ({
        value: v,
        label: t(`homecategory.values.linkType.${v}`),
      }))}
    />
  );
}

/** A new tile is shown unless switched off (the server's default): the switch says so before it is touched. */
function ActiveInput({ value, onChange, id }: { value?: boolean; onChange?(v: boolean): void; id?: string }) {
  return <Switch id={id} checked={value ?? true} onChange={(v) => onChange?.(v)} />;
}

/** The zones the marketplace's teams work in (the kit's window list). */
function ZoneInput({ value, onChange, id }: { value?: string; onChange?(v: string): void; id?: string }) {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = [...new Set([...ZONES, own, ...(value ? [value] : [])])];
  // A new tile starts in the marketplace's zone: the form holds it, as the field shows it.
  useEffect(() => {
    if (value === undefined) onChange?.(DEFAULT_ZONE);
  }, [value, onChange]);
  return (
    <Select
      id={id}
      showSearch
      value={value ?? DEFAULT_ZONE}
      onChange={(v: string) => onChange?.(v)}
      options={zones.map((z) => ({ value: z, label: z }))}
      style={{ width: 220, maxWidth: "100%" }}
    />
  );
}

/** The link's target by name; one that no longer takes a link says so. */
function TargetCell({ row }: { row: Tile }) {
  const t = useTranslate();
  return row.linkName ? (
    <span dir="auto">{row.linkName}</span>
  ) : (
    <Typography.Text type="danger">{t("homecategory.linkGone")}</Typography.Text>
  );
}

export const overrides = {
  homecategory: overridesOf("homecategories", {
    cells: {
      imageUrl: (_, row) => <TileCell row={row} />,
      position: (position) => position + 1,
      linkName: (_, row) => <TargetCell row={row} />,
      active: (_, row) => <ActiveSwitch row={row} />,
    },
    hide: ["linkId", "timezone", "createdAt", "updatedAt"],
    rowName: (row) => nameIn(row.names, i18n.resolvedLanguage),
    inputs: {
      names: NamesInput,
      linkType: LinkTypeSelect,
      linkId: TargetSelect,
      active: ActiveInput,
      timezone: ZoneInput,
    },
    rules: { names: [namesRule] },
    actions: ({ row, refresh }) => <MoveButtons row={row} refresh={refresh} />,
  }),
};
