import { useState } from "react";
import { useCustom, useCustomMutation, useTranslate } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  Divider,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  Select,
  Skeleton,
  Switch,
  Typography,
} from "antd";
import { SaveOutlined } from "@ant-design/icons";
import { applyFieldErrors, errorMessage, errorStatus } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { WindowField, windowRule, WindowTag, type TimeWindow } from "../../components/kit/window";
import { callsOf, type ActionAnswer, type ActionBody, type ActionOf } from "../../resources/calls";
import { LinkOrder, type OrderRow } from "./LinkOrder";
import { ProductPicker } from "./ProductPicker";
import { LINKS_MAX, NAME_MAX, SCREEN, type GroupDetail, type GroupType, type Link, type PickedProduct } from "./model";
import homesale from "./endpoints";

const calls = callsOf(homesale);
type Verb = ActionOf<typeof homesale>;

interface Values {
  name: string;
  groupType: string;
  window: TimeWindow;
  active: boolean;
}

const fromLink = (l: Link): OrderRow => ({
  productId: l.productId,
  linkId: l.id,
  name: l.name,
  code: l.code,
  shopName: l.shopName,
  imageUrl: l.imageUrl,
  price: l.price,
  active: l.active,
  approvalStatus: l.approvalStatus,
});
const fromProduct = (p: PickedProduct): OrderRow => ({
  productId: p.id,
  name: p.name,
  code: p.code,
  shopName: p.shopName,
  imageUrl: p.imageUrl,
  price: p.price,
  active: true,
  approvalStatus: p.approvalStatus,
});
const WINDOW_FIELDS = ["startsAt", "endsAt", "timezone"];
const addRule = writeRules("/api/promotion/addpromotionhomesale");
const editRule = writeRules("/api/promotion/editpromotionhomesale");

/** A group type in the reader's language; a type added to the master data later shows its stored name. */
export function useGroupTypes() {
  const t = useTranslate();
  const { result } = useCustom<{ items: GroupType[] }>({ ...calls.readCall("groupTypes"), errorNotification: false });
  const types = result.data?.items ?? [];
  const label = (code: string, name?: string | null) =>
    t(`homesale.groupTypes.${code}`, {}, name ?? types.find((x) => x.code === code)?.name ?? code);
  return { types, label };
}

/**
 * A home-sale group in a drawer. New: its details and products, sent in one request. Existing: the
 * details saved with the version read; its products changed one step at a time (order, add, remove,
 * on/off), each answered with the new version; a change from a stale read is reloaded and said so.
 */
export function GroupDrawer({
  groupId,
  onClose,
  onChanged,
}: {
  groupId?: number;
  onClose(): void;
  onChanged(): unknown;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const editing = groupId !== undefined;
  // Read only when editing, so with an id.
  const { result, query } = useCustom<{ data: GroupDetail }>({
    ...calls.readCall("load", { id: groupId! }),
    queryOptions: { enabled: editing },
    errorNotification: false,
  });
  const group = result.data?.data;
  const { types, label } = useGroupTypes();
  const { mutateAsync, mutation } = useCustomMutation();
  const [draft, setDraft] = useState<OrderRow[]>([]);
  const [productError, setProductError] = useState<string | null>(null);
  const busy = mutation.isPending;

  const refresh = async () => {
    if (editing) await query.refetch();
    await onChanged();
  };
  const write = <A extends Verb>(action: A, values: ActionBody<typeof homesale, A>, success: string) =>
    mutateAsync({
      ...calls.writeCall(action, values),
      successNotification: () => ({ type: "success", message: success }),
      errorNotification: false,
    }).then((r) => r.data as ActionAnswer<typeof homesale, A>);
  /** A failed step: a stale read reloads the group; anything else says why. Rethrows, so a drag is undone. */
  const failed = async (e: unknown) => {
    if (errorStatus(e) === 409) {
      notification.warning({ message: t("homesale.messages.stale"), description: errorMessage(e) });
      await refresh();
    } else {
      notification.error({ message: t("homesale.messages.failed"), description: errorMessage(e) });
    }
    throw e;
  };
  const step = <A extends Verb>(action: A, values: ActionBody<typeof homesale, A>, success: string) =>
    write(action, values, success).then(refresh, failed);

  const rows = editing ? (group?.links ?? []).map(fromLink) : draft;
  const ids = rows.map((r) => r.productId);

  const save = async (v: Values) => {
    const details = {
      name: v.name.trim(),
      groupType: v.groupType,
      startsAt: v.window.startsAt,
      endsAt: v.window.endsAt,
      timezone: v.window.timezone,
      active: v.active,
    };
    setProductError(null);
    try {
      if (group)
        await write("edit", { id: group.id, version: group.version, ...details }, t("homesale.messages.saved"));
      else await write("add", { ...details, productIds: ids }, t("homesale.messages.created"));
      await refresh();
      if (!group) onClose();
    } catch (e) {
      const errors = (e as { errors?: Record<string, string[]> }).errors ?? {};
      const windowErrors = Object.entries(errors)
        .filter(([k]) => WINDOW_FIELDS.includes(k))
        .flatMap(([, m]) => m);
      if (windowErrors.length) form.setFields([{ name: "window", errors: windowErrors }]);
      if (errors.productIds) setProductError(errors.productIds.join(" "));
      if (errorStatus(e) === 409) await failed(e).catch(() => undefined);
      else if (!applyFieldErrors(form, e) && !windowErrors.length && !errors.productIds)
        notification.error({ message: t("homesale.messages.failed"), description: errorMessage(e) });
    }
  };

  const add = (p: PickedProduct) => {
    if (group)
      return void step(
        "edit",
        { id: group.id, version: group.version, productIds: [...ids, p.id] },
        t("homesale.messages.added", { name: p.name }),
      ).catch(() => undefined);
    setDraft((d) => [...d, fromProduct(p)]);
  };
  const remove = (row: OrderRow) => {
    if (row.linkId !== undefined)
      return void step("removeLink", { linkId: row.linkId }, t("homesale.messages.removed", { name: row.name })).catch(
        () => undefined,
      );
    setDraft((d) => d.filter((r) => r.productId !== row.productId));
  };
  const reorder = async (next: number[]) => {
    if (!group) return setDraft((d) => next.map((pid) => d.find((r) => r.productId === pid)!));
    await step("edit", { id: group.id, version: group.version, productIds: next }, t("homesale.messages.ordered"));
  };
  const switchLink = (row: OrderRow, active: boolean) =>
    void step(
      "setStatus",
      { linkId: row.linkId, active },
      t(active ? "homesale.messages.linkOn" : "homesale.messages.linkOff", { name: row.name }),
    ).catch(() => undefined);

  const loading = editing && !group;
  const rule = group ? editRule : addRule;
  const initial: Partial<Values> | undefined = group
    ? {
        name: group.name,
        groupType: group.groupType,
        active: group.active,
        window: { startsAt: group.startsAt, endsAt: group.endsAt, timezone: group.timezone },
      }
    : { active: true };

  return (
    <Drawer
      open
      onClose={onClose}
      width="min(760px, 100vw)"
      destroyOnHidden
      title={
        group ? (
          <Flex gap={8} align="center" wrap>
            <bdi>{group.name}</bdi>
            <WindowTag window={group} />
          </Flex>
        ) : (
          t("homesale.titles.create")
        )
      }
      extra={
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={busy}
          disabled={loading || (editing && query.isError)}
          onClick={() => form.submit()}
        >
          {t(group ? "buttons.save" : "homesale.actions.submit")}
        </Button>
      }
    >
      {editing && query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t("homesale.messages.loadFailed")}
          description={errorMessage(query.error)}
        />
      ) : loading ? (
        <Skeleton active />
      ) : (
        <>
          <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
            <Form.Item
              name="name"
              label={t("homesale.fields.name")}
              rules={rule("name", t("homesale.form.nameRequired"), [{ max: NAME_MAX }])}
            >
              <Input maxLength={NAME_MAX} dir="auto" />
            </Form.Item>
            <Flex gap={16} wrap>
              <Form.Item
                name="groupType"
                label={t("homesale.fields.groupType")}
                rules={rule("groupType", t("homesale.form.typeRequired"))}
                style={{ minWidth: 200, flex: "1 1 200px" }}
              >
                <Select options={types.map((x) => ({ value: x.code, label: label(x.code, x.name) }))} />
              </Form.Item>
              <Form.Item name="active" label={t("homesale.fields.active")} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Flex>
            <Form.Item
              name="window"
              label={t("homesale.fields.window")}
              rules={[windowRule(t("homesale.form.windowRequired"), { start: rule.requires("startsAt") })]}
            >
              <WindowField />
            </Form.Item>
          </Form>
          <Divider orientation="left">{t("homesale.products.title", { count: rows.length })}</Divider>
          {productError && (
            <Alert
              type="error"
              showIcon
              message={productError}
              style={{ marginBottom: 12 }}
              closable
              onClose={() => setProductError(null)}
            />
          )}
          {rows.length ? (
            <>
              <Typography.Paragraph type="secondary">
                {t(group ? "homesale.products.hint" : "homesale.products.draftHint")}
              </Typography.Paragraph>
              <LinkOrder
                rows={rows}
                busy={busy}
                label={t("homesale.products.order")}
                onReorder={reorder}
                onRemove={remove}
                onSwitch={group ? switchLink : undefined}
              />
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("homesale.products.none")} />
          )}
          <Divider orientation="left">{t("homesale.products.add")}</Divider>
          <ProductPicker resource={SCREEN} chosen={ids} onAdd={add} disabled={busy || rows.length >= LINKS_MAX} />
        </>
      )}
    </Drawer>
  );
}
