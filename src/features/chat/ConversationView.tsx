import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useDataProvider, useInfiniteList, useTranslate } from "@refinedev/core";
import { Avatar, Button, Image, Spin, Tooltip } from "antd";
import { ArrowLeftOutlined, ArrowRightOutlined, ExclamationCircleOutlined, TeamOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { date } from "../../components/kit/format";
import { useRtl } from "../../components/kit/direction";
import {
  conversationName,
  dayOf,
  mergeMessages,
  PAGE_SIZE,
  recipientsOf,
  relativeDay,
  REST,
  type Conversation,
  type Message,
  type Pending,
} from "./model";
import type { useSender } from "./useChat";
import { PersonAvatar } from "./ConversationList";
import { Composer } from "./Composer";
import { ON_REST, REST_PROVIDER } from "../../providers/rest";

/** How close to the top (px) reading older messages starts, and to the bottom counts as "at the end". */
const NEAR_TOP = 120;
const NEAR_BOTTOM = 48;

interface Props {
  conversation: Conversation;
  me: number | undefined;
  /** Messages of this conversation that came through the stream or were sent from this tab. */
  live: Message[] | undefined;
  /** Bumped when the stream (re)starts: what came before it is read here. */
  generation: number;
  addStored(messages: Message[]): void;
  /** Read up to `upTo` (told before the server answers: `done` says whether it kept it). */
  onRead(conversationId: number, upTo: number, done: Promise<boolean>): void;
  sender: ReturnType<typeof useSender>;
  onBack?: () => void;
}

type Row =
  | { kind: "day"; key: string; label: string }
  | { kind: "message"; key: string; message: Message; first: boolean }
  | { kind: "pending"; key: string; pending: Pending };

/** One conversation: its messages by day, older ones read as the person scrolls up, and the composer. */
export function ConversationView({ conversation, me, live, generation, addStored, onRead, sender, onBack }: Props) {
  const t = useTranslate();
  const rtl = useRtl();
  const rest = useDataProvider()(REST_PROVIDER);
  // Pages are read newest first up to the newest message when the conversation was opened: later ones come
  // live, so the pages never shift while messages arrive.
  const [anchor] = useState(() => conversation.lastMessage?.id ?? 0);
  const pages = useInfiniteList<Message>({
    resource: REST.messages(conversation.id),
    ...ON_REST,
    pagination: { pageSize: PAGE_SIZE },
    sorters: [{ field: "id", order: "desc" }],
    filters: [{ field: "id", operator: "lte", value: anchor }],
    errorNotification: false,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages.query;

  const messages = useMemo(
    () =>
      mergeMessages(
        pages.result.data?.pages.flatMap((p) => p.data),
        live,
      ),
    [pages.result.data, live],
  );
  const newest = messages.length ? messages[messages.length - 1].id : anchor;

  // What arrived between the list's read and the stream's start (the stream sends only what follows it).
  useEffect(() => {
    let gone = false;
    void rest
      .getList<Message>({
        resource: REST.messages(conversation.id),
        pagination: { pageSize: 100 },
        filters: [{ field: "id", operator: "gt", value: anchor }],
        sorters: [{ field: "id", order: "asc" }],
      })
      .then(
        ({ data }) => {
          if (!gone) addStored(data);
        },
        () => undefined,
      );
    return () => {
      gone = true;
    };
  }, [generation, rest, conversation.id, anchor, addStored]);

  // Reading the conversation: the newest message shown is read once the page is visible.
  const readUpTo = useRef(conversation.lastReadMessageId ?? 0);
  const markRead = useCallback(() => {
    if (document.visibilityState !== "visible" || newest <= readUpTo.current) return;
    const upTo = newest;
    readUpTo.current = upTo;
    const done = rest.custom!({
      url: `${rest.getApiUrl()}/${REST.read(conversation.id)}`,
      method: "post",
      payload: { lastReadMessageId: upTo },
    }).then(
      () => true,
      () => {
        readUpTo.current = Math.min(readUpTo.current, upTo - 1);
        return false;
      },
    );
    onRead(conversation.id, upTo, done);
  }, [newest, rest, conversation.id, onRead]);
  useEffect(() => {
    markRead();
    document.addEventListener("visibilitychange", markRead);
    return () => document.removeEventListener("visibilitychange", markRead);
  }, [markRead]);

  const pending = sender.pending.filter(
    (p) =>
      p.conversationId === conversation.id && !messages.some((m) => m.senderId === me && m.clientId === p.clientId),
  );
  const people = useMemo(() => new Map(conversation.participants.map((p) => [p.id, p])), [conversation.participants]);

  const rows = useMemo(() => {
    const out: Row[] = [];
    let day = "";
    let previous: Message | undefined;
    const dayRow = (iso: string) => {
      const d = dayOf(iso);
      if (d === day) return;
      day = d;
      previous = undefined;
      const rel = relativeDay(iso);
      out.push({ kind: "day", key: `day-${d}`, label: rel ? t(`chat.${rel}`) : date(iso) });
    };
    for (const m of messages) {
      dayRow(m.createdAt);
      out.push({ kind: "message", key: `m-${m.id}`, message: m, first: previous?.senderId !== m.senderId });
      previous = m;
    }
    for (const p of pending) {
      dayRow(p.createdAt);
      out.push({ kind: "pending", key: `p-${p.clientId}`, pending: p });
    }
    return out;
  }, [messages, pending, t]);

  // Scrolling: at the end on open and as messages arrive (while the person is there), and in place when
  // older messages are put on top.
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const firstId = useRef<number | undefined>(undefined);
  const lastHeight = useRef(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.id;
    if (firstId.current !== undefined && first !== undefined && first < firstId.current)
      el.scrollTop += el.scrollHeight - lastHeight.current;
    else if (atBottom.current) el.scrollTop = el.scrollHeight;
    firstId.current = first;
    lastHeight.current = el.scrollHeight;
  }, [rows, messages]);

  const readOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollTop < NEAR_TOP || el.scrollHeight <= el.clientHeight) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // A first page shorter than the window leaves nothing to scroll: read on until it fills.
  useEffect(readOlder, [readOlder, rows]);
  const onScroll = () => {
    const el = scroller.current!;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
    readOlder();
  };

  const recipients = recipientsOf(conversation, me);
  const name = conversationName(conversation, me);
  const other = conversation.type === "direct" ? recipients[0] : undefined;
  const BackIcon = rtl ? ArrowRightOutlined : ArrowLeftOutlined;
  const toEnd = () => {
    atBottom.current = true;
  };

  const bubble = (m: Message | Pending) => (
    <div className="chat-bubble">
      {m.contentType === "image" &&
        ("id" in m ? (
          <Image
            className="chat-image"
            src={m.attachments[0]?.url}
            alt={m.body || m.attachments[0]?.name || t("chat.photo")}
            width={200}
            height={150}
            preview={{ mask: t("chat.viewImage") }}
          />
        ) : (
          <img className="chat-image" src={m.previewUrl} alt={t("chat.photo")} width={200} height={150} />
        ))}
      {m.body && (
        <div className="chat-text" dir="auto">
          {m.body}
        </div>
      )}
      <div className="chat-meta">
        {"id" in m ? (
          <time dateTime={m.createdAt}>{dayjs(m.createdAt).format("LT")}</time>
        ) : m.status === "sending" ? (
          <span>{t("chat.sending")}</span>
        ) : (
          <span className="chat-failed">
            <ExclamationCircleOutlined aria-hidden /> {t("chat.notSent")}
            {m.error && <span className="chat-failed-why">{m.error}</span>}
          </span>
        )}
      </div>
    </div>
  );

  return (
    <div className="chat-conversation">
      <header className="chat-head">
        {onBack && <Button type="text" icon={<BackIcon />} onClick={onBack} aria-label={t("chat.backToList")} />}
        {other ? (
          <PersonAvatar id={other.id} name={other.name} />
        ) : (
          <Avatar size={40} className="chat-group-avatar" icon={<TeamOutlined />} aria-hidden />
        )}
        <div className="chat-head-text">
          <h2 className="chat-head-name">
            <bdi>{name}</bdi>
          </h2>
          <div className="chat-muted chat-head-sub">
            {other
              ? t(`chat.area.${other.area}`) + (other.active ? "" : ` · ${t("chat.inactive")}`)
              : t("chat.members", {
                  count: conversation.participants.length,
                  names: recipients.map((p) => p.name).join(", "),
                })}
          </div>
        </div>
      </header>
      <div
        className="chat-messages"
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t("chat.messagesOf", { name })}
        aria-live="polite"
      >
        {isFetchingNextPage && (
          <div className="chat-older">
            <Spin size="small" /> {t("chat.loadingOlder")}
          </div>
        )}
        {pages.query.isError && (
          <div className="chat-older">
            {t("chat.loadFailed")}{" "}
            <Button size="small" onClick={() => void pages.query.refetch()}>
              {t("chat.retry")}
            </Button>
          </div>
        )}
        {!pages.query.isLoading && !rows.length && <div className="chat-empty chat-muted">{t("chat.sayHello")}</div>}
        {rows.map((row) => {
          if (row.kind === "day")
            return (
              <div key={row.key} className="chat-day" role="separator">
                <span>{row.label}</span>
              </div>
            );
          if (row.kind === "pending") {
            const p = row.pending;
            return (
              <div key={row.key} className="chat-row" data-mine="true" data-status={p.status}>
                {bubble(p)}
                {p.status === "failed" && (
                  <div className="chat-retry">
                    <Button
                      size="small"
                      onClick={() => {
                        toEnd();
                        sender.retry(p.clientId);
                      }}
                    >
                      {t("chat.retrySend")}
                    </Button>
                    <Button size="small" type="text" onClick={() => sender.discard(p.clientId)}>
                      {t("chat.discard")}
                    </Button>
                  </div>
                )}
              </div>
            );
          }
          const m = row.message;
          const mine = m.senderId === me;
          const author = people.get(m.senderId);
          return (
            <div key={row.key} className="chat-row" data-mine={mine ? "true" : undefined} data-message-id={m.id}>
              {!mine && conversation.type === "group" && (
                <span className="chat-author-avatar">
                  {row.first && author && (
                    <Tooltip title={author.name}>
                      <span>
                        <PersonAvatar id={author.id} name={author.name} size={28} />
                      </span>
                    </Tooltip>
                  )}
                </span>
              )}
              <div className="chat-row-body">
                {!mine && conversation.type === "group" && row.first && (
                  <div className="chat-author">
                    <bdi>{author?.name ?? t("chat.someone")}</bdi>
                  </div>
                )}
                {bubble(m)}
              </div>
            </div>
          );
        })}
      </div>
      <Composer
        onSend={(body) => {
          toEnd();
          sender.send(conversation.id, body);
        }}
        onImage={(file) => {
          toEnd();
          sender.sendImage(conversation.id, file);
        }}
      />
    </div>
  );
}
