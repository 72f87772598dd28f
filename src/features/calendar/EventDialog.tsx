import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Alert, App, Button, DatePicker, Flex, Form, Input, Modal, Radio, Select, Switch } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { applyFieldErrors, errorMessage, errorStatus } from "../../components/kit/errors";
import { RADIO_GROUP, writeRules } from "../../components/kit/rules";
import {
  addDays,
  COLOR_NAMES,
  COLORS,
  dayIn,
  DESCRIPTION_MAX,
  inZone,
  midnight,
  ownZone,
  shownClock,
  SHOWN_ZONE,
  TITLE_MAX,
  wallClock,
  ZONES,
  type ColorName,
  type Entry,
  type EntryInput,
} from "./model";

/** A new event's first values: from a selection on the calendar (its floating times, model.ts) or the header button. */
export interface Draft {
  start: Date;
  /** Exclusive, like the calendar's selections. */
  end: Date;
  allDay: boolean;
}

interface Values {
  title: string;
  allDay: boolean;
  startsAt: Dayjs;
  /** Whole days: the last day (inclusive); timed: the end. */
  endsAt: Dayjs;
  timezone: string;
  color: ColorName;
  description?: string;
}

const createRule = writeRules("/api/v2/calendar-entries");
const changeRule = writeRules("/api/v2/calendar-entries/{id}", "patch");

const DAY_FORMAT = "YYYY-MM-DD";
const TIME_FORMAT = "YYYY-MM-DD HH:mm";

function initialValues(entry: Entry | undefined, draft: Draft | undefined): Values {
  if (entry) {
    const zone = entry.timezone;
    return {
      title: entry.title,
      allDay: entry.allDay,
      timezone: zone,
      color: entry.color,
      description: entry.description ?? "",
      startsAt: wallClock(entry.startsAt, zone),
      endsAt: entry.allDay
        ? wallClock(midnight(addDays(dayIn(entry.endsAt, zone), -1), zone), zone)
        : wallClock(entry.endsAt, zone),
    };
  }
  // Like every other form: the marketplace's zone, the one the calendar shows.
  const zone = SHOWN_ZONE;
  const start = dayjs(shownClock(draft!.start));
  const end = dayjs(shownClock(draft!.end));
  return {
    title: "",
    allDay: draft!.allDay,
    timezone: zone,
    color: "blue",
    description: "",
    startsAt: start,
    endsAt: draft!.allDay ? end.subtract(1, "day") : end,
  };
}

/** The form's values as the server takes them: times in the chosen zone; whole days as its midnights. */
export function toInput(v: Values): EntryInput {
  const zone = v.timezone;
  const description = v.description?.trim() ? v.description.trim() : null;
  if (v.allDay) {
    const first = v.startsAt.format(DAY_FORMAT);
    const last = v.endsAt.format(DAY_FORMAT);
    return {
      title: v.title.trim(),
      description,
      allDay: true,
      color: v.color,
      timezone: zone,
      startsAt: midnight(first, zone),
      endsAt: midnight(addDays(last, 1), zone),
    };
  }
  return {
    title: v.title.trim(),
    description,
    allDay: false,
    color: v.color,
    timezone: zone,
    startsAt: inZone(v.startsAt, zone),
    endsAt: inZone(v.endsAt, zone),
  };
}

/**
 * Create or change one of the caller's events; delete it after a confirmation. `save` and `remove` reach the
 * server; a 409 (changed elsewhere) goes to `onStale`, field errors land on their fields.
 */
export function EventDialog({
  entry,
  draft,
  save,
  remove,
  onClose,
  onStale,
}: {
  entry?: Entry;
  draft?: Draft;
  save(input: EntryInput): Promise<unknown>;
  remove?(): Promise<unknown>;
  onClose(): void;
  onStale(error: unknown): void;
}) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const allDay = Form.useWatch("allDay", form) ?? initialValues(entry, draft).allDay;
  const own = ownZone();
  // The marks of the write sent.
  const rule = entry ? changeRule : createRule;
  const zones = [...new Set([...(entry ? [entry.timezone] : []), SHOWN_ZONE, own, ...ZONES])];

  const failed = (error: unknown) => {
    if (errorStatus(error) === 409) return onStale(error);
    if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
  };

  const submit = async (values: Values) => {
    setSaving(true);
    setFailure(undefined);
    try {
      await save(toInput(values));
      onClose();
    } catch (error) {
      failed(error);
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t("calendar.delete.title", { title: entry!.title }),
      content: t("calendar.delete.content"),
      okText: t("calendar.delete.ok"),
      okButtonProps: { danger: true },
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        try {
          await remove!();
          onClose();
        } catch (error) {
          failed(error);
        }
      },
    });

  const endAfterStart = ({ getFieldValue }: { getFieldValue(name: string): unknown }) => ({
    validator: async (_: unknown, end: Dayjs | undefined) => {
      const start = getFieldValue("startsAt") as Dayjs | undefined;
      if (!start || !end) return;
      const whole = getFieldValue("allDay") as boolean;
      if (whole ? end.isBefore(start, "day") : !end.isAfter(start))
        throw new Error(t(whole ? "calendar.errors.lastDayBeforeFirst" : "calendar.errors.endBeforeStart"));
    },
  });

  return (
    <Modal
      open
      title={entry ? t("calendar.dialog.editTitle") : t("calendar.dialog.newTitle")}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <span>
            {entry && remove && (
              <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
                {t("calendar.delete.button")}
              </Button>
            )}
          </span>
          <Flex gap={8}>
            <Button onClick={onClose}>{t("buttons.cancel")}</Button>
            <Button type="primary" loading={saving} onClick={() => form.submit()}>
              {entry ? t("calendar.dialog.save") : t("calendar.dialog.create")}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(entry, draft)}
        onFinish={submit}
        requiredMark="optional"
      >
        <Form.Item
          name="title"
          label={t("calendar.fields.title")}
          rules={rule("title", t("calendar.errors.titleRequired"), [
            { max: TITLE_MAX, message: t("calendar.errors.tooLong", { max: TITLE_MAX }) },
          ])}
        >
          <Input autoFocus maxLength={TITLE_MAX} />
        </Form.Item>
        <Form.Item name="allDay" label={t("calendar.fields.allDay")} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="startsAt"
            label={allDay ? t("calendar.fields.firstDay") : t("calendar.fields.start")}
            style={{ flex: "1 1 180px" }}
            rules={rule("startsAt", t("calendar.errors.startRequired"))}
          >
            <DatePicker
              showTime={allDay ? false : { format: "HH:mm" }}
              format={allDay ? DAY_FORMAT : TIME_FORMAT}
              allowClear={false}
              style={{ width: "100%" }}
            />
          </Form.Item>
          <Form.Item
            name="endsAt"
            label={allDay ? t("calendar.fields.lastDay") : t("calendar.fields.end")}
            style={{ flex: "1 1 180px" }}
            dependencies={["startsAt", "allDay"]}
            rules={rule("endsAt", t("calendar.errors.endRequired"), [endAfterStart])}
          >
            <DatePicker
              showTime={allDay ? false : { format: "HH:mm" }}
              format={allDay ? DAY_FORMAT : TIME_FORMAT}
              allowClear={false}
              style={{ width: "100%" }}
            />
          </Form.Item>
        </Flex>
        <Form.Item name="timezone" label={t("calendar.fields.timezone")} extra={t("calendar.fields.timezoneHelp")}>
          <Select showSearch options={zones.map((z) => ({ value: z, label: z }))} />
        </Form.Item>
        <Form.Item name="color" label={t("calendar.fields.color")}>
          <Radio.Group {...RADIO_GROUP} optionType="button" className="calendar-colors">
            {COLOR_NAMES.map((c) => (
              <Radio.Button key={c} value={c} title={t(`calendar.colors.${c}`)}>
                <span className="calendar-swatch" style={{ background: COLORS[c] }} aria-hidden />
                <span className="calendar-visually-hidden">{t(`calendar.colors.${c}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="description"
          label={t("calendar.fields.description")}
          rules={[{ max: DESCRIPTION_MAX, message: t("calendar.errors.tooLong", { max: DESCRIPTION_MAX }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={DESCRIPTION_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
