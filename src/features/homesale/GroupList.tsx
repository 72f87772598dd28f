import { useState } from "react";
import { List } from "@refinedev/antd";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { Button, Flex, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip, Typography } from "antd";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { errorMessage } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import {
  FilterBar,
  SearchBox,
  useListTable,
  useNarrow,
  usePinned,
  useTableScroll,
  WIDE,
} from "../../components/kit/list";
import { Thumb } from "../../components/kit/Thumb";
import { formatWindow, WindowTag, linkedId } from "../../components/kit/window";
import { callsOf, type ActionBody, type ActionOf } from "../../resources/calls";
import { GroupDrawer, useGroupTypes } from "./GroupDrawer";
import { SCREEN, STATES, type Group } from "./model";
import homesale from "./endpoints";

const calls = callsOf(homesale);

/** A calendar link (`?id=`) opens that group's drawer. */
const linkedGroup = () => {
  const id = linkedId();
  return id === null ? null : { id };
};

/**
 * The home page's product groups in their order: type, window and state, products shown of those
 * linked, a switch for the whole group; each opened in a drawer to change its details and products.
 */
export function GroupList() {
  const t = useTranslate();
  const { number } = useFormat();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const { types, label } = useGroupTypes();
  const [open, setOpen] = useState<{ id?: number } | null>(linkedGroup);
  const { mutateAsync, mutation } = useCustomMutation();
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<Group>(SCREEN, {
    empty: t("homesale.list.empty"),
  });

  const write = <A extends ActionOf<typeof homesale>>(
    action: A,
    values: ActionBody<typeof homesale, A>,
    success: string,
  ) =>
    mutateAsync({
      ...calls.writeCall(action, values),
      successNotification: () => ({ type: "success", message: success }),
      errorNotification: (e) => ({
        type: "error",
        message: t("homesale.messages.failed"),
        description: errorMessage(e),
      }),
    }).then(() => tableQuery.refetch());

  return (
    <List
      title={t("homesale.titles.list")}
      resource={SCREEN}
      headerButtons={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({})}>
          {t("homesale.actions.create")}
        </Button>
      }
    >
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("homesale.list.search")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <Select
          allowClear
          aria-label={t("homesale.fields.groupType")}
          placeholder={t("homesale.list.allTypes")}
          value={filters.groupType as string | undefined}
          options={types.map((x) => ({ value: x.code, label: label(x.code, x.name) }))}
          onChange={(groupType?: string) => apply({ groupType })}
          style={{ width: 190 }}
        />
        <Select
          allowClear
          aria-label={t("homesale.fields.state")}
          placeholder={t("homesale.list.allStates")}
          value={filters.status as string | undefined}
          options={STATES.map((s) => ({ value: s, label: t(`kit.window.${s}`) }))}
          onChange={(status?: string) => apply({ status })}
          style={{ width: 170 }}
        />
      </FilterBar>
      <Table<Group> {...tableProps} rowKey="id" scroll={scroll(1040)}>
        <Table.Column<Group>
          dataIndex="name"
          title={t("homesale.fields.name")}
          width={narrow ? 170 : 260}
          render={(name: string, g) => (
            <Flex vertical gap={6}>
              <Button type="link" className="homesale-open" onClick={() => setOpen({ id: g.id })}>
                <bdi>{name}</bdi>
              </Button>
              {narrow && <Tag style={{ alignSelf: "flex-start" }}>{label(g.groupType, g.groupTypeName)}</Tag>}
              {g.thumbnails.length > 0 && (
                <Flex gap={4} aria-hidden>
                  {g.thumbnails.map((url) => (
                    <Thumb key={url} url={url} size={28} />
                  ))}
                </Flex>
              )}
            </Flex>
          )}
        />
        <Table.Column<Group>
          dataIndex="groupType"
          title={t("homesale.fields.groupType")}
          width={150}
          responsive={WIDE}
          render={(code: string, g) => <Tag>{label(code, g.groupTypeName)}</Tag>}
        />
        <Table.Column<Group>
          key="state"
          title={t("homesale.fields.state")}
          width={110}
          render={(_, g) => <WindowTag window={g} />}
        />
        <Table.Column<Group>
          key="window"
          title={t("homesale.fields.window")}
          width={250}
          responsive={WIDE}
          render={(_, g) => (
            <Typography.Text style={{ fontSize: 13 }}>{formatWindow(g, t("kit.window.noEnd"))}</Typography.Text>
          )}
        />
        <Table.Column<Group>
          key="products"
          title={t("homesale.fields.products")}
          width={110}
          align="right"
          responsive={WIDE}
          render={(_, g) => (
            <Tooltip title={t("homesale.list.productsHint", { shown: g.activeProductCount, total: g.productCount })}>
              <span>
                {number(g.activeProductCount)} / {number(g.productCount)}
              </span>
            </Tooltip>
          )}
        />
        <Table.Column<Group>
          dataIndex="active"
          title={t("homesale.fields.active")}
          width={130}
          responsive={WIDE}
          render={(active: boolean, g) => (
            <Switch
              size="small"
              checked={active}
              loading={mutation.isPending}
              aria-label={`${t("homesale.fields.active")}: ${g.name}`}
              onChange={(on) =>
                void write(
                  "setStatus",
                  { groupId: g.id, active: on },
                  t(on ? "homesale.messages.groupOn" : "homesale.messages.groupOff", { name: g.name }),
                ).catch(() => undefined)
              }
            />
          )}
        />
        <Table.Column<Group>
          key="actions"
          fixed={pinned("right")}
          width={90}
          title={t("homesale.fields.actions")}
          render={(_, g) => (
            <Space size={4}>
              <Tooltip title={t("buttons.edit")}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t("buttons.edit")}: ${g.name}`}
                  onClick={() => setOpen({ id: g.id })}
                />
              </Tooltip>
              <Popconfirm
                title={t("homesale.list.confirmDelete", { name: g.name })}
                description={t("homesale.list.deleteEffect")}
                okText={t("buttons.delete")}
                okButtonProps={{ danger: true }}
                cancelText={t("buttons.cancel")}
                onConfirm={() =>
                  write("removeLink", { groupId: g.id }, t("homesale.messages.deleted", { name: g.name })).catch(
                    () => undefined,
                  )
                }
              >
                <Tooltip title={t("buttons.delete")}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t("buttons.delete")}: ${g.name}`}
                  />
                </Tooltip>
              </Popconfirm>
            </Space>
          )}
        />
      </Table>
      {open && <GroupDrawer groupId={open.id} onClose={() => setOpen(null)} onChanged={() => tableQuery.refetch()} />}
    </List>
  );
}
