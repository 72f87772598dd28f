import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { List } from "@refinedev/antd";
import { useDataProvider, useTranslate } from "@refinedev/core";
import { Alert, App, Button, Checkbox, Flex, Spin, theme } from "antd";
import type { CSSProperties } from "react";
import { PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import FullCalendar from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/daygrid";
import timeGridPlugin from "@fullcalendar/timegrid";
import listPlugin from "@fullcalendar/list";
import interactionPlugin from "@fullcalendar/interaction";
import type {
  DateSelectArg,
  EventApi,
  EventClickArg,
  EventDropArg,
  EventInput,
  EventMountArg,
  EventSourceFuncArg,
} from "@fullcalendar/core";
import type { EventResizeDoneArg } from "@fullcalendar/interaction";
import arLocale from "@fullcalendar/core/locales/ar";
import frLocale from "@fullcalendar/core/locales/fr";
import viLocale from "@fullcalendar/core/locales/vi";
import zhCnLocale from "@fullcalendar/core/locales/zh-cn";
import { errorMessage } from "../../components/kit/errors";
import { directionOf } from "../../providers/languages";
import { readUser } from "../../providers/session-store";
import { createEntry, deleteEntry, loadEntries, loadWindows, saveLanding, updateEntry } from "./actions";
import { EventDialog, type Draft } from "./EventDialog";
import {
  COLOR_NAMES,
  COLORS,
  entryEvent,
  floating,
  instant,
  KINDS,
  ownZone,
  SHOWN_ZONE,
  showsWindows,
  windowEvent,
  type Entry,
  type MarketingWindow,
  type WindowKind,
} from "./model";
import "./calendar.css";
import { REST_PROVIDER } from "../../providers/rest";

/** The app's language codes → the calendar's locales (English is built in); each sets its first day of the week. */
const LOCALES: Record<string, string> = { fr: "fr", vi: "vi", cn: "zh-cn", ar: "ar" };
const ALL_LOCALES = [arLocale, frLocale, viLocale, zhCnLocale];

/** What the legend shows or hides: the person's own events and each kind of marketing window. */
type Shown = WindowKind | "own";
const hiddenKey = () => `calendar.hidden.${readUser()?.id ?? "anon"}`;
const readHidden = (): ReadonlySet<Shown> => {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(hiddenKey()) ?? "[]");
    return new Set(Array.isArray(stored) ? (stored as Shown[]) : []);
  } catch {
    return new Set();
  }
};
const writeHidden = (hidden: ReadonlySet<Shown>) => localStorage.setItem(hiddenKey(), JSON.stringify([...hidden]));

/** 24-hour times, as the lists and forms show them. */
const TIME_FORMAT = { hour: "2-digit", minute: "2-digit", hour12: false } as const;

type Editing = { entry: Entry } | { draft: Draft };

/** Phone widths: the agenda first, the view buttons below the calendar. Known at the first render, unlike antd's breakpoints. */
const PHONE = "(max-width: 767px)";
const subscribePhone = (change: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", change);
  return () => query.removeEventListener("change", change);
};
const isPhone = () => window.matchMedia(PHONE).matches;

/** The next whole hour in the shown zone, as the calendar's floating Dates. */
const nextHour = (): Draft => {
  const start = new Date(`${floating(Date.now()).slice(0, 13)}:00:00Z`);
  start.setUTCHours(start.getUTCHours() + 1);
  return { start, end: new Date(start.getTime() + 3_600_000), allDay: false };
};

/**
 * The calendar app: the signed-in user's own events (month, week, day and agenda), made in a dialog or by
 * selecting days or hours, moved and resized by dragging; beside them, read-only, the marketing windows of the
 * screens the caller holds, each opening its record. Suppliers' screen asks for no windows (they hold none).
 */
export function CalendarScreen({ screenId }: { screenId: string }) {
  const t = useTranslate();
  const { i18n } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const rest = useDataProvider()(REST_PROVIDER);
  const calendar = useRef<FullCalendar>(null);
  const narrow = useSyncExternalStore(subscribePhone, isPhone);
  const { token } = theme.useToken();
  // The library's colours from the theme (primary colour preset, light or dark).
  const palette = useMemo(
    () =>
      ({
        "--fc-border-color": token.colorBorderSecondary,
        "--cal-muted": token.colorTextTertiary,
        "--cal-text": token.colorText,
        "--fc-page-bg-color": token.colorBgContainer,
        "--fc-neutral-bg-color": token.colorFillQuaternary,
        "--fc-today-bg-color": token.colorPrimaryBg,
        "--fc-list-event-hover-bg-color": token.colorFillTertiary,
        "--fc-button-text-color": token.colorTextLightSolid,
        "--fc-button-bg-color": token.colorPrimary,
        "--fc-button-border-color": token.colorPrimary,
        "--fc-button-hover-bg-color": token.colorPrimaryHover,
        "--fc-button-hover-border-color": token.colorPrimaryHover,
        "--fc-button-active-bg-color": token.colorPrimaryActive,
        "--fc-button-active-border-color": token.colorPrimaryActive,
        "--fc-now-indicator-color": token.colorError,
      }) as CSSProperties,
    [token],
  );
  const [editing, setEditing] = useState<Editing>();
  const [loading, setLoading] = useState(false);
  // Set once the first range is drawn: tests and the screens walk wait for it.
  const [ready, setReady] = useState(false);
  const loadingChanged = useCallback((busy: boolean) => {
    setLoading(busy);
    if (!busy) setReady(true);
  }, []);
  const [failure, setFailure] = useState<string>();
  // The hours of a week or day scroll inside the calendar (from 8:00); months and the agenda take their height.
  const [hours, setHours] = useState(false);
  useEffect(() => {
    if (hours) calendar.current?.getApi().scrollToTime("08:00:00");
  }, [hours]);
  const windows = showsWindows(screenId);
  // Kinds the person has switched off, remembered per user on this browser; the sources read them from there
  // when they load, so they stay stable functions.
  const [hidden, setHidden] = useState<ReadonlySet<Shown>>(readHidden);
  const toggleKind = (kind: Shown, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(kind);
    else next.add(kind);
    setHidden(next);
    writeHidden(next);
    calendar.current
      ?.getApi()
      .getEventSourceById(kind === "own" ? "entries" : "windows")
      ?.refetch();
  };
  const language = i18n.resolvedLanguage ?? i18n.language ?? "en";

  const reload = useCallback(() => calendar.current?.getApi().refetchEvents(), []);
  const failed = useCallback(
    (error: unknown) => notification.error({ message: t("calendar.failed"), description: errorMessage(error) }),
    [notification, t],
  );
  const stale = useCallback(
    (error: unknown) => {
      notification.warning({ message: t("calendar.stale"), description: errorMessage(error) });
      reload();
    },
    [notification, t, reload],
  );

  // Stable sources: the calendar asks each for the range it shows, again after refetchEvents().
  const sources = useMemo(() => {
    const read =
      <T,>(load: (from: string, to: string) => Promise<T[]>, draw: (row: T, info: EventSourceFuncArg) => EventInput) =>
      async (info: EventSourceFuncArg): Promise<EventInput[]> => {
        try {
          const rows = await load(instant(info.startStr), instant(info.endStr));
          return rows.map((row) => draw(row, info));
        } catch (error) {
          setFailure(errorMessage(error));
          throw error;
        }
      };
    const list = [
      {
        id: "entries",
        editable: true,
        events: read<Entry>(
          async (from, to) => (readHidden().has("own") ? [] : loadEntries(rest, from, to)),
          (e) => entryEvent(e),
        ),
      },
    ];
    if (windows) {
      const shown = async (from: string, to: string) => {
        const rows = await loadWindows(rest, from, to);
        const off = readHidden();
        return rows.filter((w) => !off.has(w.kind));
      };
      list.push({
        id: "windows",
        editable: false,
        events: read<MarketingWindow>(shown, (w, info) =>
          windowEvent(w, info.endStr, (title) => t("calendar.draftTitle", { title, lng: language })),
        ),
      });
    }
    return list;
    // A new language reads the windows again, a draft's title worded in it.
  }, [rest, windows, t, language]);

  const landed = useCallback(
    (info: EventDropArg | EventResizeDoneArg) => {
      const event: EventApi = info.event;
      const entry = event.extendedProps.entry as Entry | undefined;
      if (!entry) return info.revert();
      void saveLanding(
        rest,
        {
          entry,
          to: { start: event.start!, end: event.end, allDay: event.allDay },
          revert: info.revert,
          keep: (saved) => event.setExtendedProp("entry", saved),
        },
        { failed, stale },
      );
    },
    [rest, failed, stale],
  );

  const clicked = useCallback(
    (info: EventClickArg) => {
      info.jsEvent.preventDefault();
      const { entry, window } = info.event.extendedProps as { entry?: Entry; window?: MarketingWindow };
      if (window) void navigate(window.link);
      else if (entry) setEditing({ entry });
    },
    [navigate],
  );

  const selected = useCallback((info: DateSelectArg) => {
    setEditing({ draft: { start: info.start, end: info.end, allDay: info.allDay } });
    info.view.calendar.unselect();
  }, []);

  // Words for people and for screen readers: what a window is, and that it is not moved here.
  const mounted = useCallback(
    (info: EventMountArg) => {
      const w = info.event.extendedProps.window as MarketingWindow | undefined;
      if (!w) return;
      const label = t("calendar.windowLabel", { kind: t(`calendar.kinds.${w.kind}`), title: w.title });
      info.el.setAttribute("title", label);
      info.el.setAttribute("aria-label", label);
      info.el.dataset.kind = w.kind;
    },
    [t],
  );

  const views = "dayGridMonth,timeGridWeek,timeGridDay,listWeek";
  const editingEntry = editing && "entry" in editing ? editing.entry : undefined;

  return (
    <List
      title={t("resources.calendar")}
      headerButtons={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ draft: nextHour() })}>
          {t("calendar.newEvent")}
        </Button>
      }
    >
      {failure && (
        <Alert
          type="warning"
          showIcon
          closable
          message={t("calendar.loadFailed")}
          description={failure}
          onClose={() => setFailure(undefined)}
          style={{ marginBottom: 12 }}
        />
      )}
      <Flex
        className="calendar-legend"
        wrap
        gap="4px 16px"
        align="center"
        aria-label={t("calendar.legend")}
        role="group"
      >
        {windows &&
          KINDS.map((k) => (
            <Checkbox key={k} checked={!hidden.has(k)} onChange={(e) => toggleKind(k, e.target.checked)}>
              <span className="calendar-legend-item">
                <span className={`calendar-legend-window calendar-kind-${k}`} aria-hidden />
                {t(`calendar.kinds.${k}`)}
              </span>
            </Checkbox>
          ))}
        <Checkbox checked={!hidden.has("own")} onChange={(e) => toggleKind("own", e.target.checked)}>
          <span className="calendar-legend-item">
            <span className="calendar-legend-own" aria-hidden>
              {COLOR_NAMES.slice(0, 3).map((c) => (
                <span key={c} style={{ background: COLORS[c] }} />
              ))}
            </span>
            {t("calendar.ownEvents")}
          </span>
        </Checkbox>
        {ownZone() !== SHOWN_ZONE && (
          <span className="calendar-zone" data-testid="calendar-zone">
            {t("calendar.shownZone", { zone: SHOWN_ZONE })}
          </span>
        )}
        {loading && <Spin size="small" aria-label={t("calendar.loading")} />}
      </Flex>
      <div className="calendar-frame" style={palette} data-screen-ready={ready ? "" : undefined}>
        <FullCalendar
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={narrow ? "listWeek" : "dayGridMonth"}
          headerToolbar={
            narrow
              ? { start: "prev,next", center: "title", end: "today" }
              : { start: "prev,next today", center: "title", end: views }
          }
          footerToolbar={narrow ? { center: views } : undefined}
          locales={ALL_LOCALES}
          locale={LOCALES[language] ?? "en"}
          direction={directionOf(language)}
          buttonText={{
            today: t("calendar.views.today"),
            month: t("calendar.views.month"),
            week: t("calendar.views.week"),
            day: t("calendar.views.day"),
            list: t("calendar.views.agenda"),
          }}
          allDayText={t("calendar.allDay")}
          noEventsText={t("calendar.noEvents")}
          moreLinkText={(n) => t("calendar.more", { count: n })}
          timeZone="UTC"
          now={() => floating(Date.now())}
          eventTimeFormat={TIME_FORMAT}
          slotLabelFormat={TIME_FORMAT}
          height={hours ? 720 : "auto"}
          scrollTime="08:00:00"
          datesSet={(info) => setHours(info.view.type.startsWith("timeGrid"))}
          eventOrder="rank,length,start,-duration,allDay,title"
          editable
          selectable
          selectMirror
          dayMaxEvents={3}
          nowIndicator
          eventLongPressDelay={400}
          selectLongPressDelay={400}
          eventSources={sources}
          loading={loadingChanged}
          select={selected}
          eventClick={clicked}
          eventDrop={landed}
          eventResize={landed}
          eventDidMount={mounted}
        />
      </div>
      {editing && (
        <EventDialog
          key={editingEntry ? `entry-${editingEntry.id}-${editingEntry.version}` : "new"}
          entry={editingEntry}
          draft={"draft" in editing ? editing.draft : undefined}
          save={async (input) => {
            await (editingEntry ? updateEntry(rest, editingEntry, input) : createEntry(rest, input));
            reload();
          }}
          remove={
            editingEntry
              ? async () => {
                  await deleteEntry(rest, editingEntry);
                  reload();
                }
              : undefined
          }
          onClose={() => setEditing(undefined)}
          onStale={(error) => {
            setEditing(undefined);
            stale(error);
          }}
        />
      )}
    </List>
  );
}
